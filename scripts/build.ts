// Builds what Electron runs: the renderer (Vite), the main process (ESM, dependencies external)
// and the preload (one CommonJS file, as sandboxed preloads require).
import { builtinModules } from 'node:module';
import { build } from 'vite';
import { contractNamesOnly } from './contract-names.ts';

const external = ['electron', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export async function buildRenderer(outDir?: string): Promise<void> {
  await build({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}),
  });
}

/** The main process and, as their own entries, the cache's worker thread (`cache-worker.js` beside it) and the features' stores it loads. */
export async function buildMain(outDir = 'build/main'): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node22',
      rolldownOptions: {
        input: {
          index: 'main/index.ts',
          'cache-worker': 'main/cache/worker.ts',
          // a feature's store, loaded by each cache worker beside it (main/features/index.ts)
          'reports-store': 'main/features/reports/store/methods.ts',
        },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  });
}

export async function buildPreload(outDir = 'build/preload'): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    ssr: { noExternal: true },
    plugins: [contractNamesOnly()],
    build: {
      ssr: 'preload/index.ts',
      outDir,
      emptyOutDir: true,
      target: 'node22',
      rolldownOptions: { external, output: { format: 'cjs', entryFileNames: 'index.cjs' } },
    },
  });
}

if (import.meta.main) {
  await buildRenderer();
  await buildMain();
  await buildPreload();
  console.log('built build/renderer, build/main/index.js, build/preload/index.cjs');
}
