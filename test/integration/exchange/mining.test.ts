/**
 * The mining pool's workers one by one, read by the client from the sandbox over loopback: the names of
 * the workers online (every page), each worker's hashrate over time and the account's, agreeing with
 * the account's worker counts; and the exchange's refusals in its own words.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mining from '../../../main/exchange/endpoints/mining.ts';
import { ExchangeError } from '../../../main/exchange/errors.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ simulate: false });
});
afterAll(() => h.close());

const TERA = new Decimal(10).pow(12);

describe('mining workers against the sandbox', () => {
  it('names the workers online, and only those, as the worker counts say', async () => {
    h.sandbox.control.setWorkers('desk-pool', { offline: 2, low: 1 });
    const c = h.as('main');
    const info = await mining.minerInfo(c, 'desk-pool');
    const names = await mining.workerNames(c, 'desk-pool');
    expect(names).toHaveLength(info.workers.online);
    expect(info.workers.offline).toBe(2);
    expect([...names].sort()).toEqual(names);
  });

  it("reads one worker's hashrate over time in TH/s: the offline one's is zero, a low one's a third", async () => {
    h.sandbox.control.setWorkers('desk-pool', { offline: 1, low: 1 });
    const c = h.as('main');
    const online = await mining.workerNames(c, 'desk-pool');
    const info = await mining.minerInfo(c, 'desk-pool');
    const to = Math.floor(Date.now() / 1000);
    const read = (worker: string) =>
      mining.workerHashrate(c, { account: 'desk-pool', worker, interval: '1h', from: to - 6 * 3600, to });
    const full = await read(online[0] ?? '');
    expect(full.length).toBeGreaterThanOrEqual(6);
    expect(full.every((p, i) => i === 0 || p.time > (full[i - 1]?.time ?? 0))).toBe(true);
    const rate = new Decimal(full.at(-1)?.hashrate ?? '0');
    expect(rate.gt(0)).toBe(true);
    const low = await read(online.at(-1) ?? '');
    expect(
      new Decimal(low.at(-1)?.hashrate ?? '0').times(3).toDecimalPlaces(0).eq(rate.toDecimalPlaces(0)),
    ).toBe(true);
    // the worker not named (offline now) still has its history, at zero
    const total = info.workers.online + info.workers.offline;
    expect(total).toBeGreaterThan(online.length);
    const gone = `worker_${String(total).padStart(3, '0')}`;
    expect(online).not.toContain(gone);
    const quiet = await read(gone);
    expect(quiet.length).toBe(full.length);
    expect(quiet.every((p) => new Decimal(p.hashrate).isZero())).toBe(true);
    // a worker the account never had has no history
    expect(await read('worker_999')).toEqual([]);
  });

  it("reads the account's hashrate as the sum of its workers'", async () => {
    h.sandbox.control.setWorkers('desk-pool', { offline: 0, low: 0 });
    const c = h.as('main');
    const to = Math.floor(Date.now() / 1000);
    const points = await mining.hashrate(c, {
      account: 'desk-pool',
      interval: '1h',
      from: to - 3 * 3600,
      to,
    });
    expect(points.length).toBeGreaterThanOrEqual(3);
    const names = await mining.workerNames(c, 'desk-pool');
    const one = await mining.workerHashrate(c, {
      account: 'desk-pool',
      worker: names[0] ?? '',
      from: to - 3 * 3600,
      to,
    });
    const last = points.at(-1);
    expect(
      new Decimal(last?.hashrate ?? '0').eq(
        new Decimal(one.at(-1)?.hashrate ?? '0').times(TERA).times(names.length),
      ),
    ).toBe(true);
    expect(last?.rejectRate).toBe(0);
  });

  it('refuses an unknown mining account and a range after now, naming the field', async () => {
    const c = h.as('main');
    const unknown = await mining.workerNames(c, 'not-mine').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ExchangeError);
    expect((unknown as ExchangeError).fields).toHaveProperty('user');
    const to = Math.floor(Date.now() / 1000) + 3600;
    const late = await mining
      .workerHashrate(c, { account: 'desk-pool', worker: 'worker_001', from: to - 60, to })
      .catch((e: unknown) => e);
    expect((late as ExchangeError).fields).toHaveProperty('from');
  });
});

describe('where mining rewards are paid, against the sandbox', () => {
  const BTC = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

  it('reads the main balance at first, sets an external address, and back', async () => {
    const c = h.as('main');
    expect(await mining.payoutDestination(c, 'desk-backup')).toMatchObject({
      payoutDestination: 'main_balance',
      externalAddress: null,
    });
    const set = { accountName: 'desk-backup', destination: 'external_address', address: BTC } as const;
    expect(await mining.setPayoutDestination(c, set)).toEqual({
      payoutDestination: 'external_address',
      externalAddress: BTC,
    });
    expect((await mining.payoutDestination(c, 'desk-backup')).externalAddress).toBe(BTC);
    await mining.setPayoutDestination(c, { accountName: 'desk-backup', destination: 'main_balance' });
    expect((await mining.payoutDestination(c, 'desk-backup')).payoutDestination).toBe('main_balance');
  });

  it("refuses an address that is not Bitcoin's, naming the field", async () => {
    const error = await mining
      .setPayoutDestination(h.as('main'), {
        accountName: 'desk-backup',
        destination: 'external_address',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
      })
      .catch((e: unknown) => e);
    expect((error as ExchangeError).fields).toHaveProperty('address');
  });
});
