// The guard against V8 freeing WebAssembly code a worker isolate still holds (the SIGSEGV in
// `NativeModule::FreeCode` under `Runtime_TierUpWasmToJSWrapper`, "Native crashes" in the cache's
// README). That crash needs V8's wasm code GC to run while cache workers come and go; the cache
// turns the GC off before its first worker starts. Run from source, the workers strip TypeScript
// with Node's WebAssembly stripper, so with the GC stressed (a GC at every piece of dead code) the
// trace shows dozens of GCs once the workers are up when the GC is left on, and must show none.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WORKERS_UP } from './wasm-gc-child.ts';

const child = new URL('./wasm-gc-child.ts', import.meta.url).pathname;
const root = mkdtempSync(join(tmpdir(), 'txc-wasm-gc-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--trace-wasm-code-gc', '--stress-wasm-code-gc', child, join(root, 'data')],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (text: string) => (out += text));
    proc.once('error', reject);
    proc.once('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

const gcs = (lines: string[]) => lines.filter((line) => line.startsWith('[wasm-gc] Starting GC'));

describe('wasm code GC', () => {
  it('runs no more once cache workers exist, while the same trace shows it before', async () => {
    const { code, signal, out } = await run();
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    const lines = out.split('\n');
    const up = lines.indexOf(WORKERS_UP);
    expect(up).toBeGreaterThan(-1);
    // The main thread stripped this process's own TypeScript before any worker: the trace works.
    expect(gcs(lines.slice(0, up)).length).toBeGreaterThan(0);
    expect(gcs(lines.slice(up))).toEqual([]);
  });
});
