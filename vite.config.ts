import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    emptyOutDir: true,
    rollupOptions: isSsrBuild ? undefined : { input: 'src/web/entry-client.tsx' },
  },
}));
