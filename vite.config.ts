import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild, command }) => {
  // A build is always a production build, whatever NODE_ENV the shell has: `NODE_ENV=development npm
  // start` once built JSX for React's development runtime (jsxDEV) while the render bundle carried the
  // production React, and every page failed. Set before the React plugin reads it (issue 14).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
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
  };
});
