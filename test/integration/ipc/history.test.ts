import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountView,
  DealPageView,
  DealTotalsView,
  SyncFinished,
  SyncStateView,
} from '../../../main/ipc/contract.ts';
import type { Platform } from '../../../main/platform.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';

const saveTo = join(mkdtempSync(join(tmpdir(), 'txc-export-')), 'deals.csv');
const platform: Platform = {
  takeSecretFromClipboard: async () => undefined,
  writeToClipboard: async () => false,
  chooseFileToOpen: async () => undefined,
  chooseFileToSave: async () => saveTo,
  // The person confirms every native question in these tests.
  confirm: async () => true,
  notify: () => undefined,
};

let core: TestCore;
const { ok } = procedureCalls(() => core);
let main: AccountView;

beforeAll(async () => {
  core = await createTestCore({ platform });
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
  for (let i = 0; i < 6; i++) {
    await ok('orders.place', {
      accountId: main.id,
      draft: {
        kind: 'market',
        market: 'ETH_USDT',
        side: i % 2 ? 'sell' : 'buy',
        amount: i % 2 ? '0.01' : '40',
      },
    });
  }
});
afterAll(() => core.close());

describe('history procedures', () => {
  it('syncs an account with progress events, then browses, totals and exports its deals', async () => {
    const progress: number[] = [];
    const finished: SyncFinished[] = [];
    const stopProgress = core.events.subscribe((name, payload) => {
      if (name === 'sync.progress') progress.push((payload as { done: number }).done);
      if (name === 'sync.finished') finished.push(payload as SyncFinished);
    });
    expect(await ok<string[]>('sync.start', { accountIds: [main.id] })).toEqual([main.id]);
    await core.history.idle();
    stopProgress();
    expect(finished).toEqual([{ account: main.id, job: `deals:${main.id}`, outcome: 'done' }]);
    expect(progress.at(-1)).toBe(1);
    // The same run took the account's balance snapshots and its borrow history.
    expect((await core.cache.balances.latest(main.id, 'trade'))?.entries.length).toBeGreaterThan(0);
    expect((await core.cache.borrows.list({ account: main.id })).length).toBeGreaterThan(0);
    expect(
      (await core.cache.mining.rewards({ account: main.id, miningAccount: 'desk-pool' })).length,
    ).toBeGreaterThan(0);

    const states = await ok<SyncStateView[]>('sync.status');
    const state = states.find((s) => s.account === main.id);
    expect(state).toMatchObject({ phase: 'idle', running: false });
    expect(state?.syncedUntil).toBeGreaterThan(Date.now() / 1000 - 60);

    const page = await ok<DealPageView>('history.deals', {
      filter: { accounts: [main.id], market: 'ETH_USDT' },
      limit: 4,
    });
    expect(page.rows).toHaveLength(4);
    expect(page.next).not.toBeNull();
    const rest = await ok<DealPageView>('history.deals', {
      filter: { accounts: [main.id], market: 'ETH_USDT' },
      cursor: page.next,
      limit: 100,
    });
    const all = [...page.rows, ...rest.rows];
    expect(new Set(all.map((d) => d.id)).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(all.map((d) => d.time)).toEqual([...all.map((d) => d.time)].sort((a, b) => b - a));

    const totals = await ok<DealTotalsView>('history.totals', { filter: { accounts: [main.id] } });
    expect(totals.deals).toBe(all.length);
    expect(totals.markets.map((m) => m.market)).toEqual(['ETH_USDT']);

    const exported = await ok<{ file: string; rows: number }>('history.exportCsv', {
      filter: { accounts: [main.id] },
    });
    expect(exported).toEqual({ file: saveTo, rows: all.length });
    const lines = readFileSync(saveTo, 'utf8').trim().split(/\r?\n/);
    expect(lines).toHaveLength(all.length + 1);
  });

  it('says where the exchange stops serving: a deal older than six months is in the archive only', async () => {
    const before = Math.floor(Date.now() / 1000);
    // a deal an earlier sync kept, from seven months ago (the exchange serves none that old any more)
    const old = Math.floor(Date.now() / 1000) - 214 * 86_400;
    await core.cache.deals.upsert([
      {
        id: 900_000_001,
        clientOrderId: '',
        time: old,
        side: 'buy',
        role: 'taker',
        amount: '0.01',
        price: '3000',
        deal: '30',
        fee: '0.03',
        orderId: 900_000_000,
        feeAsset: 'USDT',
        account: main.id,
        market: 'ETH_USDT',
      },
    ]);
    const page = await ok<DealPageView>('history.deals', { filter: { accounts: [main.id] }, limit: 1000 });
    // six months (183 days) back from now
    expect(page.archiveSince).toBeGreaterThanOrEqual(before - 183 * 86_400);
    expect(page.archiveSince).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) - 183 * 86_400);
    const older = page.rows.filter((d) => d.time < page.archiveSince).map((d) => d.id);
    expect(older).toEqual([900_000_001]);
    // a sync keeps it
    await ok<string[]>('sync.start', { accountIds: [main.id] });
    await core.history.idle();
    const again = await ok<DealPageView>('history.deals', { filter: { accounts: [main.id] }, limit: 1000 });
    expect(again.rows.map((d) => d.id)).toContain(900_000_001);
  });

  it('names the field of a malformed filter', async () => {
    const reply = await core.router.dispatch(
      'history.deals',
      { filter: { accounts: ['not-an-id'] } },
      { origin: 'test' },
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'filter.accounts.0' } });
  });
});
