import { readdirSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Every page module (src/web/page-registry.ts names each; the server checks they were all built). */
const PAGE_MODULES = readdirSync('src/web/pages')
  .filter((file) => file.endsWith('-page.tsx'))
  .map((file) => `src/web/pages/${file}`);

const CLIENT_ENTRY = 'src/web/entry-client.tsx';

/**
 * Every page loads the client entry and all it imports statically, so those modules go into one chunk
 * (the entry's): without this, making each page an entry split them into a dozen small shared chunks.
 * The set is filled at the end of the module graph's build, before chunks are made.
 */
function firstLoadChunk(): { plugin: Plugin; modules: Set<string> } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'jobwise-first-load-chunk',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const entry = [...this.getModuleIds()].find((id) => id.endsWith(CLIENT_ENTRY));
      const pending = entry ? [entry] : [];
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, modules };
}

export default defineConfig(({ isSsrBuild, command }) => {
  // A build is always a production build, whatever NODE_ENV the shell has: `NODE_ENV=development npm
  // start` once built JSX for React's development runtime (jsxDEV) while the render bundle carried the
  // production React, and every page failed. Set before the React plugin reads it (issue 14).
  if (command === 'build') process.env.NODE_ENV = 'production';
  const firstLoad = firstLoadChunk();
  return {
    plugins: [react(), ...(isSsrBuild ? [] : [firstLoad.plugin])],
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
      // Each page is an entry too: the server names the page's module in the document and the client
      // entry imports it by that address, so the entry carries no map of every page (decision 0185).
      rollupOptions: isSsrBuild
        ? undefined
        : {
            input: [CLIENT_ENTRY, ...PAGE_MODULES],
            // A page's chunk keeps its default export: the client entry imports it by address.
            preserveEntrySignatures: 'exports-only',
            output: { codeSplitting: { groups: [{ name: 'entry-client', test: (id: string) => firstLoad.modules.has(id) }] } },
          },
      // The server preloads every chunk a page needs (its manifest entry's imports), so the client needs
      // no preload helper and no map of each dynamic import's dependencies (1 KB of the landing page).
      modulePreload: false,
    },
  };
});
