/**
 * What the exchange says of itself, as the top bar and the banner read it: the platform's planned
 * maintenance (`public/platform/status`) pushed as it starts and as it ends, this computer's clock
 * against the exchange's (`public/time`) with the warning when signed requests would be refused (and
 * they are), and a perpetual's funding settlements (`public/funding-history/{market}`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionHealthView, FundingPointView } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, procedureCalls, registerAccount, type TestCore } from '../../support/core.ts';

const HOUR = 3_600_000;
let sandbox: Sandbox;
let core: TestCore;
let mainId = '';
/** How far the exchange's clock is from this computer's (ms). */
let skewMs = 0;
const { call, ok } = procedureCalls(() => core);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 48, now: () => Date.now() + skewMs });
  core = await createTestCore({
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
    // read every 200 ms here (every 30 s in the app)
    exchangeStatusMs: 200,
  });
  const key = sandbox.accounts.find((a) => a.label === 'main');
  mainId = (await registerAccount(core, 'main', key, 'main')).id;
}, 60_000);
afterAll(async () => {
  await core.close();
  await sandbox.close();
});

/** The first health the app holds or pushes from now on that passes `test`. */
function health(test: (view: ConnectionHealthView) => boolean): Promise<ConnectionHealthView> {
  if (test(core.health.view)) return Promise.resolve(core.health.view);
  return new Promise((resolve) => {
    const stop = core.events.subscribe((name, payload) => {
      const view = payload as ConnectionHealthView;
      if (name !== 'connection.health' || !test(view)) return;
      stop();
      resolve(view);
    });
  });
}

describe("the exchange's platform status", () => {
  it('is pushed as maintenance when the exchange says so, and as working when it ends', async () => {
    expect((await health((v) => v.platform !== undefined)).platform?.maintenance).toBe(false);
    const asked = Date.now();
    sandbox.control.setPlatformMaintenance(true);
    const during = await health((v) => v.platform?.maintenance === true);
    expect(during.platform?.sinceMs).toBeGreaterThanOrEqual(asked);
    // the procedure answers the same model the push carried
    expect((await ok<ConnectionHealthView>('connection.health')).platform?.maintenance).toBe(true);
    sandbox.control.setPlatformMaintenance(false);
    expect((await health((v) => v.platform?.maintenance === false)).platform?.maintenance).toBe(false);
  });
});

describe("this computer's clock against the exchange's", () => {
  it('is within a second here, then said refused when it is 8 s off, as the exchange then refuses signed requests', async () => {
    const near = await health((v) => v.clock !== undefined);
    expect(near.clock?.level).toBe('ok');
    expect(Math.abs(near.clock?.offsetMs ?? Infinity)).toBeLessThan(1_500);
    expect((await call('balances.spot', { accountId: mainId })).ok).toBe(true);

    // this computer 8 s ahead of the exchange
    skewMs = -8_000;
    const off = await health((v) => v.clock?.level === 'refused');
    expect(off.clock?.offsetMs).toBeGreaterThan(-9_500);
    expect(off.clock?.offsetMs).toBeLessThan(-6_500);
    expect(off.clock?.message).toMatch(
      /^This computer's clock is \d+\.\d s ahead of the exchange's, more than the 5 s the exchange allows/,
    );
    expect((await call('balances.spot', { accountId: mainId })).ok).toBe(false);

    // 3 s off: signed requests still pass, with the warning that they may not
    skewMs = 3_000;
    const risky = await health((v) => v.clock?.level === 'risky');
    expect(risky.clock?.message).toMatch(/^This computer's clock is \d+\.\d s behind the exchange's\./);

    skewMs = 0;
    await health((v) => v.clock?.level === 'ok');
    expect((await call('balances.spot', { accountId: mainId })).ok).toBe(true);
  });
});

describe("a perpetual's funding history", () => {
  it('answers each settlement oldest first, as the exchange settled it', async () => {
    // three funding periods of the exchange's time pass, each seen by the exchange (the clock's
    // reading is a request) before the next: a settlement each
    for (let i = 1; i <= 3; i++) {
      skewMs = i * 8 * HOUR + 60_000;
      await health((v) => (v.clock?.offsetMs ?? 0) > i * 8 * HOUR);
    }
    const points = await ok<FundingPointView[]>('markets.fundingHistory', { market: 'BTC_PERP' });
    const settled = sandbox.control.positions.book.settlements.filter((s) => s.market === 'BTC_PERP');
    expect(points.length).toBeGreaterThanOrEqual(3);
    expect(points).toEqual(
      settled
        .map((s) => ({
          timeMs: s.fundingTime * 1000,
          rate: s.fundingRate,
          settlementPrice: s.settlementPrice,
        }))
        .sort((a, b) => a.timeMs - b.timeMs),
    );
    expect(points.at(-1)?.timeMs).toBeGreaterThan(points[0]?.timeMs ?? Infinity);

    const refused = await call('markets.fundingHistory', { market: 'BTC_USDT' });
    expect(refused.ok).toBe(false);
  });
});
