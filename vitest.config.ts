import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one fewer than the cores: one file at a time on two. Files wait on the
    // database, Redis, SMTP and timers for much of their time, so three overlap (decision 0208).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        // The browser's code: each file in a fresh process, since its tests stub globals and mock modules.
        test: { name: 'web', include: ['src/web/**/*.test.{ts,tsx}', 'src/shared/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'tools/**/*.test.ts', 'tests/api/**/*.test.ts', 'scripts/**/*.test.ts'],
          // A worker runs file after file in one process: each file imported the whole server anew,
          // which was half of the run (decision 0208). Every file builds its own app and database.
          isolate: false,
          // On PostgreSQL: one migrated template database per run, which each test's database copies.
          globalSetup: ['tests/support/postgres-template.ts'],
        },
      },
    ],
  },
});
