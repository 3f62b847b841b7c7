import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMain, buildPreload } from '../../scripts/build.ts';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };

describe('desktop bundles', () => {
  it('bundles the preload into one CommonJS file that requires nothing but electron', async () => {
    const out = mkdtempSync(join(tmpdir(), 'txc-preload-'));
    await buildPreload(out);
    const code = readFileSync(join(out, 'index.cjs'), 'utf8');
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(code).toContain('exposeInMainWorld("txc"');
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
  });

  it('bundles main as ESM importing only electron, Node built-ins and runtime dependencies', async () => {
    const out = mkdtempSync(join(tmpdir(), 'txc-main-'));
    await buildMain(out);
    const code = readFileSync(join(out, 'index.js'), 'utf8');
    const imported = [...code.matchAll(/^import .* from ["']([^"']+)["'];?$/gm)].map((m) => m[1] as string);
    expect(imported).toContain('electron');
    for (const name of imported) {
      const ok = name === 'electron' || name.startsWith('node:') || name in pkg.dependencies;
      expect(ok, `main bundle imports ${name}`).toBe(true);
    }
  });
});
