/**
 * `mining.workers` through the real core against its embedded sandbox: every worker of a mining
 * account with its hashrate over time, read from the exchange's own endpoints; a worker that stops is
 * still shown, quiet, first; what was read is kept for the screen to show offline.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, KnownEntryView, MiningWorkersView } from '../../../main/ipc/contract.ts';
import type { Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';

let core: TestCore;
const { call, ok } = procedureCalls(() => core);
let sandbox: Sandbox;
let main: AccountView;

beforeAll(async () => {
  core = await createTestCore();
  const sb = core.connection.sandbox;
  if (!sb) throw new Error('no embedded sandbox');
  sandbox = sb;
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
});
afterAll(() => core?.close());

const read = (hours?: number) =>
  ok<MiningWorkersView>('mining.workers', {
    accountId: main.id,
    miningAccount: 'desk-pool',
    ...(hours === undefined ? {} : { hours }),
  });

describe('mining.workers', () => {
  it('reads every worker online with its hashrate over the last 24 hours, in hours', async () => {
    sandbox.control.setWorkers('desk-pool', { offline: 0, low: 0 });
    const view = await read();
    expect(view).toMatchObject({ miningAccount: 'desk-pool', hours: 24, interval: '1h' });
    expect(view.workers.map((w) => w.name)).toEqual(
      Array.from({ length: 12 }, (_, i) => `worker_${String(i + 1).padStart(3, '0')}`),
    );
    for (const w of view.workers) {
      expect(w).toMatchObject({ online: true, quiet: false, hashrate: '95' });
      expect(w.points.length).toBeGreaterThanOrEqual(24);
      expect(w.points.at(-1)?.atMs).toBeLessThanOrEqual(view.readAtMs);
      expect(w.points[0]?.atMs).toBeGreaterThanOrEqual(view.readAtMs - 24 * 3_600_000);
    }
    // the account's own rate, H/s: the sum of its workers'
    const last = new Decimal(view.total.at(-1)?.hashrate ?? '0');
    expect(last.eq(new Decimal('95').times(1e12).times(12))).toBe(true);
  });

  it('reads a few hours in 5-minute points', async () => {
    const view = await read(6);
    expect(view.interval).toBe('5m');
    const [a, b] = view.workers[0]?.points ?? [];
    expect((b?.atMs ?? 0) - (a?.atMs ?? 0)).toBe(300_000);
  });

  it('shows a worker that stopped as quiet, first, at zero, though the exchange no longer names it', async () => {
    await read();
    sandbox.control.setWorkers('desk-pool', { offline: 1, low: 1 });
    const view = await read();
    expect(view.workers).toHaveLength(12);
    const [first, ...rest] = view.workers;
    expect(first).toMatchObject({ name: 'worker_012', online: false, quiet: true, hashrate: '0' });
    expect(rest.every((w) => w.online && !w.quiet)).toBe(true);
    // the low one hashes at a third
    const low = rest.find((w) => w.name === 'worker_011');
    expect(new Decimal(low?.hashrate ?? '0').lt(95)).toBe(true);
    expect(new Decimal(low?.hashrate ?? '0').gt(0)).toBe(true);
  });

  it('keeps what it read, for the screen to show when the exchange cannot be reached', async () => {
    const view = await read();
    const kept = await ok<KnownEntryView[]>('known.recall', {
      kind: 'mining.hashrates',
      accountIds: [main.id],
      scope: 'desk-pool',
    });
    expect((kept[0]?.value as MiningWorkersView | undefined)?.workers.map((w) => w.name)).toEqual(
      view.workers.map((w) => w.name),
    );
  });

  it('refuses hours out of range and an unknown mining account, in words', async () => {
    expect(
      await call('mining.workers', { accountId: main.id, miningAccount: 'desk-pool', hours: 0 }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'hours' } });
    const unknown = await call('mining.workers', { accountId: main.id, miningAccount: 'nope' });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.message).toMatch(/not found/);
  });
});
