import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [react()],
  publicDir: 'public',
  // The render bundle carries its own production React: NODE_ENV of the server process (development
  // for `npm start` on a laptop) must not switch server rendering to React's slow development build.
  ...(isSsrBuild && command === 'build'
    ? { ssr: { noExternal: ['react', 'react-dom', 'scheduler'] }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    emptyOutDir: true,
    rollupOptions: isSsrBuild ? undefined : { input: 'src/web/entry-client.tsx' },
  },
}));
