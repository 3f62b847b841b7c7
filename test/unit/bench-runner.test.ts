import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('`npm run bench` returns by itself once its benches are done, with their results written', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'txc-bench-')), 'bench.json');
  const child = spawn(process.execPath, ['test/bench/run.ts', 'rules.check_order'], {
    env: { ...process.env, TXC_BENCH_OUT: out },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(0);
  expect(stdout).toContain('rules.check_order_us');
  const written = JSON.parse(readFileSync(out, 'utf8')) as { results: Array<{ name: string }> };
  expect(written.results.map((r) => r.name)).toEqual(['rules.check_order_us']);
}, 60_000);
