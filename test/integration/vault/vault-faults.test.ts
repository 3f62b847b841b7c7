/**
 * The whole history sync of the app (the history service with the vault's parts) through a
 * connection that is cut and answers 500 and 429 on the way: each failure is retried after a
 * jittered back-off (a 429 after its Retry-After), a run that gives up resumes by itself from its
 * checkpoints, and the archive ends holding exactly what the exchange serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsistencyView, SyncFinished } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, registerAccount, type TestCore } from '../../support/core.ts';
import type { Harness } from '../exchange/support.ts';
import { clock, DAY_MS, historyHarness, makeHistory } from './exchange-history.ts';
import { startFaultyProxy, type FaultyProxy } from './faulty-proxy.ts';

const c = clock(Date.now() - 215 * DAY_MS);
let h: Harness;
let proxy: FaultyProxy;
let core: TestCore;
const { ok } = procedureCalls(() => core);

beforeAll(async () => {
  h = await historyHarness(c);
  await makeHistory(h, c, Date.now() - DAY_MS, { trades: 4 });
  c.follow();
  proxy = await startFaultyProxy(h.sandbox.rest);
  core = await createTestCore({
    connection: { kind: 'live', restUrl: proxy.url, wsUrl: h.sandbox.ws },
    syncRetry: { firstMs: 200, capMs: 800 },
  });
}, 120_000);
afterAll(async () => {
  await core?.close();
  await proxy?.close();
  await h?.close();
});

describe('a sync through a cut connection, 500s and 429s', () => {
  it('backs off, resumes by itself and ends with the archive and the exchange alike', async () => {
    const demo = h.sandbox.accounts.find((a) => a.label === 'main');
    const alpha = h.sandbox.accounts.find((a) => a.label === 'sub-alpha');
    const main = await registerAccount(core, 'Faulty main', demo);
    await core.accounts.registry.add({
      label: 'Faulty alpha',
      kind: 'sub',
      subAccountId: alpha?.subAccountId ?? null,
      apiKey: alpha?.apiKey ?? '',
      secret: alpha?.apiSecret ?? '',
      connection: core.connection.id,
    });
    const finished: SyncFinished[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'sync.finished') finished.push(payload as SyncFinished);
    });
    const start = proxy.seen.requests;
    // the 10th request fails four times running (once the exchange is known unreachable the client
    // stops retrying at once: the run stops and tries again later), the 30th is answered 500 once,
    // the 45th 429 with Retry-After
    const cutFrom = start + 10;
    proxy.fault = (n, path) => {
      if (!path.startsWith('/api/v4/') || path.includes('websocket_token')) return undefined;
      if (n >= cutFrom && n < cutFrom + 4) return { cut: true };
      if (n === start + 30) return { status: 500, body: '{"message":"Internal error"}' };
      if (n === start + 45)
        return { status: 429, headers: { 'retry-after': '1' }, body: '{"message":"Too Many Attempts."}' };
      return undefined;
    };
    await ok('vault.sync', { accountIds: [main.id] });
    await expect.poll(() => finished.at(-1)?.outcome, { timeout: 90_000, interval: 200 }).toBe('done');
    // each run the cut stopped said so in words, and the next began by itself from its checkpoints
    const failed = finished.slice(0, -1);
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed)
      expect(f).toMatchObject({
        outcome: 'failed',
        message: expect.stringMatching(/^Could not reach the exchange/),
      });
    expect(proxy.seen.cut).toBe(4);
    expect(proxy.seen.answered).toEqual({ 500: 1, 429: 1 });

    proxy.fault = () => undefined;
    const report = await ok<ConsistencyView>('vault.check', { accountId: main.id });
    for (const f of report.families) {
      expect(f, f.family).toMatchObject({ missingCount: 0, extraCount: 0 });
      expect(f.exchange, f.family).toBeGreaterThan(0);
    }
  }, 120_000);
});
