// The server compiled to JavaScript (issue 47, decision 0278): `npm run build` bundles src/server/main.ts
// and everything it imports from this project into dist/server-js/main.js; packages stay imports of
// node_modules, so production installs them as usual. `npm start` runs the bundle, no TypeScript at run time.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT_DIR = 'dist/server-js';

/**
 * Modules find files beside them (the SQLite rank extension, the client build, the seed's worker) by
 * `new URL(..., import.meta.url)`. In one bundle every module would share the bundle's address, so each
 * module's `import.meta.url` becomes its source file's own address, worked out from the bundle's at run
 * time: the compiled server runs inside the project tree, which keeps those files where they are.
 */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      const fromBundle = path.relative(path.join(ROOT, SERVER_OUT_DIR), args.path).split(path.sep).join('/');
      const contents = source.includes('import.meta.url') ? source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`) : source;
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

export async function buildServer(root = ROOT) {
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts' },
    outdir: SERVER_OUT_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [ownImportMetaUrl],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
