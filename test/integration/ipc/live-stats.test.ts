// The `market` (24-hour statistics) and `borrowsMargin` (open borrows) channels end to end: the
// sandbox pushes them, main's client reads them into views, the renderer receives them as ws.batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import type { AccountView, LiveBatch, LiveEvent } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';

let core: TestCore;
const events: LiveEvent[] = [];
const { ok } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore();
  core.events.subscribe((name, payload) => {
    if (name === 'ws.batch') events.push(...(payload as LiveBatch).events);
  });
}, 60_000);
afterAll(() => core.close());

const account = async (label: string) =>
  (await ok<AccountView[]>('accounts.list')).find((a) => a.label === label) as AccountView;

describe('market statistics and open borrows over the WebSocket', () => {
  it("pushes a market's last 24 hours as soon as it is subscribed", async () => {
    const main = await account('Sandbox main');
    await ok('live.subscribe', { accountId: main.id, channel: 'market', topic: 'BTC_USDT' });
    await expect.poll(() => events.find((e) => e.channel === 'market'), { timeout: 10_000 }).toBeDefined();
    const stats = events.find((e) => e.channel === 'market');
    if (stats?.channel !== 'market') throw new Error('no market push');
    expect(stats).toMatchObject({ market: 'BTC_USDT', period: 86_400 });
    expect(Number(stats.high)).toBeGreaterThanOrEqual(Number(stats.low));
    expect(Number(stats.volume)).toBeGreaterThan(0);
  });

  it('pushes the open borrows of a leveraged position and an empty list after it closes', async () => {
    const alpha = await account('Sandbox sub-alpha');
    await ok('live.subscribe', { accountId: alpha.id, channel: 'borrowsMargin', topic: '*' });
    const borrows = () =>
      events.filter(
        (e): e is Extract<LiveEvent, { channel: 'borrowsMargin' }> => e.channel === 'borrowsMargin',
      );
    await expect.poll(() => borrows().length, { timeout: 10_000 }).toBeGreaterThan(0);
    const caller = await core.accounts.caller(alpha.id);
    await collateral.collateralMarketOrder(caller, { market: 'BTC_PERP', side: 'buy', amount: '0.01' });
    await expect.poll(() => borrows().at(-1)?.total, { timeout: 10_000 }).toBe(1);
    const open = borrows().at(-1)?.records[0];
    expect(open?.asset).toBe('USDT');
    expect(open?.amount.startsWith('-')).toBe(true);
    await collateral.collateralMarketOrder(caller, { market: 'BTC_PERP', side: 'sell', amount: '0.01' });
    await expect.poll(() => borrows().at(-1)?.total, { timeout: 10_000 }).toBe(0);
  });
});
