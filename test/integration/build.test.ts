import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { openCache } from '../../main/cache/index.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMain, buildPreload } from '../../scripts/build.ts';
import { eventNames, procedureNames } from '../../main/ipc/contract.ts';

/**
 * The desktop bundles as the build writes them: real files, a real bundler run and a worker thread
 * started from the bundle (integration work: main is bundled once for the file, not once per test).
 */
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };

describe('desktop bundles', () => {
  /** main and the cache worker, bundled once, inside the repository so external dependencies resolve. */
  let out = '';
  beforeAll(async () => {
    mkdirSync('build', { recursive: true });
    out = mkdtempSync(join('build', 'test-main-'));
    await buildMain(out);
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('bundles the preload into one CommonJS file that requires nothing but electron', async () => {
    const out = mkdtempSync(join(tmpdir(), 'txc-preload-'));
    await buildPreload(out);
    const code = readFileSync(join(out, 'index.cjs'), 'utf8');
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(code).toContain('exposeInMainWorld("txc"');
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    // The bridge carries the contract's names, not its schemas: nothing of zod runs before the page.
    expect(code).not.toMatch(/zod/i);
    for (const name of [...procedureNames, ...eventNames]) expect(code).toContain(JSON.stringify(name));
  });

  it('bundles main and the cache worker as ESM importing only electron, Node built-ins and runtime dependencies', async () => {
    const worker = readFileSync(join(out, 'cache-worker.js'), 'utf8');
    expect(worker).toMatch(/from ["']better-sqlite3["']/);
    expect(worker).not.toMatch(/from ["']electron["']/);
    const code = readFileSync(join(out, 'index.js'), 'utf8');
    const imported = [...code.matchAll(/^import .* from ["']([^"']+)["'];?$/gm)].map((m) => m[1] as string);
    expect(imported).toContain('electron');
    for (const name of imported) {
      // Code shared by main and the worker lands in a chunk beside them.
      if (name.startsWith('./')) {
        expect(existsSync(join(out, name)), name).toBe(true);
        continue;
      }
      // A subpath import (`@noble/hashes/sha3.js`) belongs to its package.
      const pkgName = name
        .split('/')
        .slice(0, name.startsWith('@') ? 2 : 1)
        .join('/');
      const ok = name === 'electron' || name.startsWith('node:') || pkgName in pkg.dependencies;
      expect(ok, `main bundle imports ${name}`).toBe(true);
    }
  });

  it('runs the bundled cache worker: it creates, migrates and answers from a real file', async () => {
    const cache = await openCache({
      dataDir: mkdtempSync(join(tmpdir(), 'txc-bundle-cache-')),
      profile: 'default',
      readWorkers: 1,
      workerUrl: pathToFileURL(join(out, 'cache-worker.js')),
    });
    expect(await cache.meta.schemaVersion()).toBe(cache.schemaVersion);
    expect(cache.schemaVersion).toBeGreaterThan(0);
    await cache.close();
  });
});
