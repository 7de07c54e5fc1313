import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Each web feature may import only the features listed before it. */
function webFeatureZones(order) {
  return order.slice(0, -1).map((feature, index) => ({
    target: `src/web/features/${feature}`,
    from: order.slice(index + 1).map((higher) => `src/web/features/${higher}`),
    message: `Web features import one way (${order.join(' <- ')}): ${feature} must not import a feature above it.`,
  }));
}

/**
 * Server features in layers, lowest first (decision 0145). A feature may import features of lower layers
 * only: never one of its own layer or above. A lower feature that needs something from a higher one names
 * it in an extension point that the higher feature's plugin fills (decision 0314), never by an import.
 * A layer may name a folder that does not exist yet.
 */
export const SERVER_FEATURE_LAYERS = [
  // Every feature may register its gauges and counters (decision 0275).
  ['metrics'],
  // Infrastructure: knows nothing of jobs, people or companies.
  ['mail', 'rate-limits', 'tracking', 'storage', 'scheduler', 'queue', 'visitor-pages'],
  ['one-time-codes', 'sessions'],
  ['error-reports'],
  // Domain, from the person and the listing up to the pages that combine them.
  ['accounts', 'email-validation'],
  // jobs is the listings store: the jobs table, places, slugs, salary and the search (decision 0255).
  ['analytics', 'google-sign-in', 'sms', 'jobs'],
  ['companies'],
  // Other features tell people things through notify() (decision 0228).
  ['notifications'],
  ['employer-jobs'],
  ['seeker'],
  // References sit above seeker (a giver's alert) and below applicants (the shown ones, decision 0235).
  ['spotlight', 'registration', 'references'],
  ['registration-pages', 'pages', 'applicants', 'applicant-mail', 'resume-database'],
  // Conversations about applications (decision 0229).
  ['messages'],
  // Interviews post into conversations through the messages feature (decision 0231). No application
  // left in silence: response figures, reminders, the 30-day close, got hired (decision 0232).
  ['interviews', 'follow-up'],
  // Export and erase ask every feature for its rows about a person (decision 0225). The job pages,
  // results page, sitemaps and typeahead show what every feature knows (decision 0255). Open data:
  // feeds and the public read API of the open jobs, through the jobs feature's search (decision 0265).
  ['privacy', 'job-pages', 'open-data'],
];

/** Each server feature may import only the features in layers below its own. */
function serverFeatureZones(layers) {
  const order = layers.map((layer) => layer.join(', ')).join(' < ');
  return layers.flatMap((layer, index) => {
    const notBelow = layers.slice(index).flat();
    return layer.map((feature) => ({
      target: `src/server/features/${feature}`,
      from: notBelow.filter((other) => other !== feature).map((other) => `src/server/features/${other}`),
      message: `Server features import only lower layers (${order}): ${feature} must not import a feature of its own layer or above.`,
    }));
    // A feature alone in the top layer has nothing above it to refuse.
  }).filter((zone) => zone.from.length > 0);
}

/**
 * Demo data is a tool (decision 0253): the product imports nothing from tools/ but src/server/main.ts,
 * whose one import seeds an empty database; migrations import no feature code, each carrying a frozen
 * copy of what it runs, so that a feature's change cannot change a migration.
 */
const TOOL_AND_MIGRATION_ZONES = [
  {
    // All of src but src/server/main.ts: the web and shared code, the server's folders, and the files
    // beside main.ts.
    target: ['src/web', 'src/shared', 'src/server/*/**', 'src/server/!(main).ts'],
    from: 'tools',
    message: 'The product imports nothing from tools/: only src/server/main.ts imports the seed, through tools/seed/start-up.ts (decision 0253).',
  },
  {
    target: 'src/server/db/migrations',
    from: 'src/server/features',
    message: 'Migrations import no feature code: a migration carries its own copy of what it runs, frozen as of that migration (decision 0253).',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/', 'docs/decisions/0206-sphinx/', '.scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // React's rules where React runs: the browser's code (server code has no components or hooks; the
    // rules' analysis of every function there was most of lint's time, decision 0224).
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web side must never reach into server code.
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', 'node:*'], message: 'src/web and src/shared must not import server code.' }] }],
    },
  },
  {
    // Boundaries (decision 0096): features import each other one way only; import cycles anywhere in src
    // are found once for the whole graph by `npm run check:cycles` (dpdm, decision 0224), not per file. Web features, lowest first: analytics, google-sign-in, registration, seeker, jobs; pages
    // and the shell sit above them. Server features in the layers of SERVER_FEATURE_LAYERS (decision 0145).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatureZones(['analytics', 'google-sign-in', 'registration', 'seeker', 'job-pages']),
            { target: 'src/web/features', from: 'src/web/pages', message: 'Features must not import pages.' },
            { target: 'src/shared', from: ['src/web', 'src/server'], message: 'src/shared is imported by both sides and imports neither.' },
            ...serverFeatureZones(SERVER_FEATURE_LAYERS),
            ...TOOL_AND_MIGRATION_ZONES,
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', 'tools/**'],
    rules: { 'no-console': 'off' },
  },
);
