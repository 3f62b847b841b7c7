// Builds what Electron runs: the renderer (Vite), the main process (ESM, dependencies external)
// and the preload (one CommonJS file, as sandboxed preloads require).
import { builtinModules } from 'node:module';
import { build } from 'vite';

const external = ['electron', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export async function buildRenderer(outDir?: string): Promise<void> {
  await build({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}),
  });
}

export async function buildMain(outDir = 'build/main'): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: 'main/index.ts',
      outDir,
      emptyOutDir: true,
      target: 'node22',
      rolldownOptions: { output: { format: 'es', entryFileNames: 'index.js' } },
    },
  });
}

export async function buildPreload(outDir = 'build/preload'): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    ssr: { noExternal: true },
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
