import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { Client } from './support.ts';
import type { SandboxAccount } from '../../../main/sandbox/index.ts';

const CLI = new URL('../../../main/sandbox/cli.ts', import.meta.url).pathname;

describe('sandbox CLI', () => {
  it('prints one JSON line, serves, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, '--port', '0', '--seed', '42'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const line = await new Promise<string>((resolve, reject) => {
      const rl = createInterface({ input: child.stdout });
      rl.once('line', resolve);
      child.once('exit', () => reject(new Error('exited before printing')));
    });
    const info = JSON.parse(line) as { rest: string; ws: string; accounts: SandboxAccount[] };
    expect(info.rest).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.ws).toBe(`${info.rest.replace('http', 'ws')}/ws`);
    const main = info.accounts.find((a) => a.kind === 'main');
    expect(main).toBeDefined();
    const r = await new Client(info.rest, main as SandboxAccount).post('/api/v4/main-account/balance', {
      ticker: 'USDT',
    });
    expect(r.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
