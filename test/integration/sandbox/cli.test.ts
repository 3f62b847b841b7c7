import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from './support.ts';
import type { SandboxAccount } from '../../../main/sandbox/index.ts';

const CLI = new URL('../../../main/sandbox/cli.ts', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'txc-sandbox-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Running {
  info: { rest: string; ws: string; accounts: SandboxAccount[] };
  stop(): Promise<number | null>;
}

async function run(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once('line', resolve);
    child.once('exit', () => reject(new Error('exited before printing')));
  });
  return {
    info: JSON.parse(line) as Running['info'],
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

function mainOf(r: Running): Client {
  return new Client(r.info.rest, r.info.accounts.find((a) => a.kind === 'main') as SandboxAccount);
}

describe('sandbox CLI', () => {
  it('prints one JSON line, serves, and exits 0 on SIGTERM', async () => {
    const r = await run(['--port', '0', '--seed', '42']);
    expect(r.info.rest).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(r.info.ws).toBe(`${r.info.rest.replace('http', 'ws')}/ws`);
    expect(r.info.accounts.filter((a) => a.kind === 'sub').length).toBeGreaterThanOrEqual(3);
    const res = await mainOf(r).post('/api/v4/main-account/balance', { ticker: 'USDT' });
    expect(res.status).toBe(200);
    expect(await r.stop()).toBe(0);
  });

  it('keeps state in --data DIR across restarts', async () => {
    const a = await run(['--port', '0', '--seed', '42', '--data', dir]);
    const placed = await mainOf(a).post('/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '50000',
      clientOrderId: 'cli-keep',
    });
    expect(placed.status).toBe(200);
    expect(await a.stop()).toBe(0);
    expect(existsSync(join(dir, 'sandbox-state.json'))).toBe(true);
    const b = await run(['--port', '0', '--seed', '42', '--data', dir]);
    const open = await mainOf(b).post('/api/v4/orders', { market: 'BTC_USDT' });
    expect(open.body.map((o: { clientOrderId: string }) => o.clientOrderId)).toContain('cli-keep');
    expect(await b.stop()).toBe(0);
  });
});
