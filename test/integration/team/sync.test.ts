/**
 * Sync once for the desk: five operators syncing one desk send each account's history reads once
 * (as many as one operator alone sends), and every replica ends with the same record set.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventPayload } from '../../../main/ipc/contract.ts';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { procedureCalls } from '../../support/core.ts';
import { sqlAs } from '../../support/postgres.ts';
import {
  eventually,
  grantDeskRoles,
  startDesk,
  type startOperatorCore,
  TEST_OPERATORS,
} from '../../support/team.ts';

const info = inject('postgres');
type Operator = Awaited<ReturnType<typeof startOperatorCore>>;
let sandbox: Sandbox;
const started: Operator[] = [];
/** Signed requests the sandbox received, by public key and path. */
const requests = new Map<string, number>();

beforeAll(async () => {
  // Alice and bob place the orders whose deals are synced: the desk lets traders do that.
  await grantDeskRoles(info, { alice: ['txc_trader'], bob: ['txc_trader'] });
  sandbox = await startSandbox({ port: 0, extraSubAccounts: 2, deskActivity: true });
  sandbox.server.on('request', (req) => {
    const key = req.headers['x-txc-apikey'];
    if (typeof key !== 'string') return;
    const path = (req.url ?? '').split('?')[0] ?? '';
    requests.set(`${key} ${path}`, (requests.get(`${key} ${path}`) ?? 0) + 1);
  });
}, 60_000);

afterAll(async () => {
  await Promise.all(started.map((core) => core.close()));
  await sandbox?.close();
});

const HISTORY_PATHS = [
  '/api/v4/trade-account/executed-history',
  '/api/v4/collateral-account/positions/history',
  '/api/v4/collateral-account/borrow-history',
];

/** Starts `names` on a fresh desk: the first registers the sandbox's accounts, the others add their keys. */
const desk = (names: readonly string[]) =>
  startDesk(info, sandbox, names, sandbox.accounts, (core) => started.push(core));

/** The operator's app has read their trader role from the desk (it places orders next). */
const traderRead = (core: Operator) =>
  eventually(
    async () =>
      (await procedureCalls(() => core).ok<{ roles: string[] }>('approvals.rules')).roles.includes('trader'),
    'the trader role read',
  );

/** Every account's sync on every core finished (done, or answered by a teammate's). */
async function syncAll(cores: readonly Operator[]): Promise<Array<EventPayload<'sync.finished'>>> {
  const finished: Array<EventPayload<'sync.finished'>> = [];
  const stops = cores.map((core) =>
    core.events.subscribe((event, payload) => {
      if (event === 'sync.finished') finished.push(payload as EventPayload<'sync.finished'>);
    }),
  );
  await Promise.all(cores.map((core) => core.history.start()));
  await Promise.all(cores.map((core) => core.history.idle()));
  for (const stop of stops) stop();
  return finished;
}

const historyReads = () => {
  const out = new Map<string, number>();
  for (const [key, count] of requests) {
    const [apiKey, path] = key.split(' ') as [string, string];
    if (HISTORY_PATHS.includes(path)) out.set(`${apiKey} ${path}`, count);
  }
  return out;
};

async function dealIds(core: Operator): Promise<string[]> {
  const ids: string[] = [];
  let cursor;
  for (;;) {
    const page = await core.cache.deals.page({}, cursor, 1000);
    ids.push(...page.rows.map((r) => `${r.account}:${String(r.id)}`));
    if (!page.next) break;
    cursor = page.next;
  }
  return ids.sort();
}

let five: Operator[] = [];

describe('five operators syncing one desk', () => {
  it('read each account once, as one operator alone does, and every replica holds the same records', async () => {
    const {
      cores: [alone],
    } = await desk(['alice']);
    if (!alone) throw new Error('no core');
    // Some history to read: market orders of the main account, on two markets.
    const main = alone.accounts.registry.list().find((a) => a.kind === 'main');
    if (!main) throw new Error('no main account');
    const caller = await alone.accounts.caller(main.id);
    await traderRead(alone);
    for (let i = 0; i < 40; i++)
      await trading.stockMarketOrder(caller, {
        market: i % 2 ? 'ETH_USDT' : 'BTC_USDT',
        side: i % 4 < 2 ? 'buy' : 'sell',
        amount: i % 2 ? '0.01' : '0.001',
      });
    requests.clear();
    const soloFinished = await syncAll([alone]);
    expect(soloFinished.every((f) => f.outcome === 'done')).toBe(true);
    const solo = historyReads();
    expect(solo.size).toBeGreaterThan(0);

    const { database, cores } = await desk(TEST_OPERATORS);
    five = cores;
    requests.clear();
    const finished = await syncAll(five);
    expect(finished.filter((f) => f.outcome !== 'done')).toEqual([]);
    // Each account's history was read by one operator: the same requests as one operator alone.
    expect(historyReads()).toEqual(solo);

    // Every replica ends with the same record set as the team store.
    const inStore = await sqlAs<{ id: string }>(info, "SELECT account || ':' || id AS id FROM deals", [], {
      database,
    });
    const stored = await eventually(async () => {
      const sets = await Promise.all(five.map(dealIds));
      const first = JSON.stringify(sets[0]);
      return sets.every((s) => JSON.stringify(s) === first) && (sets[0]?.length ?? 0) > 0
        ? sets[0]
        : undefined;
    }, 'replicas agree');
    expect(stored).toEqual(inStore.map((r) => r.id).sort());
    expect(new Set(stored).size).toBe(stored.length);
    // As many deals as the operator alone synced (each account's own ids: the desks' account ids differ).
    expect(stored.length).toBe((await dealIds(alone)).length);
    expect(stored.length).toBeGreaterThan(40);
    // Six operator apps start and sync twice: slow on a busy machine, bounded all the same.
  }, 150_000);

  it("tells each deal by the operator who placed its order, on every operator's history screen", async () => {
    const [alice, bob, carol] = five as [Operator, Operator, Operator];
    const main = bob.accounts.registry.list().find((a) => a.kind === 'main');
    if (!main) throw new Error('no main account');
    await traderRead(bob);
    const placed = await procedureCalls(() => bob).ok<{ clientOrderId: string }>('orders.place', {
      accountId: main.id,
      draft: { kind: 'market', market: 'BTC_USDT', side: 'buy', amount: '20' },
    });
    alice.history.start([main.id]);
    await alice.history.idle();
    const deals = procedureCalls(() => carol);
    const mine = await eventually(async () => {
      const page = await deals.ok<{ rows: Array<{ clientOrderId: string; operator?: string }> }>(
        'history.deals',
        {
          filter: { accounts: [main.id], operator: 'bob' },
        },
      );
      return page.rows.length > 0 ? page.rows : undefined;
    }, "bob's deal on carol's screen");
    expect(mine.every((d) => d.clientOrderId === placed.clientOrderId && d.operator === 'bob')).toBe(true);
    const all = await deals.ok<{ rows: Array<{ operator?: string }> }>('history.deals', {
      filter: { accounts: [main.id] },
      limit: 1000,
    });
    expect(all.rows.filter((d) => d.operator === 'bob')).toHaveLength(mine.length);
    expect(all.rows.length).toBeGreaterThan(mine.length);
  });
});
