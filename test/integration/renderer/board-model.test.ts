/**
 * The desk board at 1,000 sub-accounts as a desk works it, in any order: bulk cancels, closes and
 * flattens of a few accounts or of the whole desk, orders placed and cancelled on accounts the board
 * follows live (their rows change by push alone), and refreshes. Run against the embedded sandbox
 * with the app's main process and the Board screen's own manager in one process. Invariants:
 * - at every step and at every batch of rows main sends: the tabs' counts, their grids, the totals
 *   and the rows agree (each account's counts are its own orders and positions, and the sums of the
 *   rows are what the tabs count);
 * - once the pushes and reads are in, every row says what the exchange holds for its account.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import type { BoardRowView, PlaceResultView } from '../../../main/ipc/contract.ts';
import { createBridge } from '../../../preload/bridge.ts';
import { DeskBoard, totalsOf } from '../../../renderer/src/lib/managers/desk-board.svelte.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const SUBS = 1000;
/** The sub-accounts whose sockets are live before the sequences start (they open in desk order). */
const LIVE = 40;

const desktop = scriptedDesktop();
let core: TestCore;
let board: DeskBoard;
let stopListening: () => void;
let unfollow: () => void;
let stopWatching: () => void;
const { ok } = procedureCalls(() => core);
/** Disagreements seen at any batch of rows main sent. */
const disagreements: string[] = [];

/** The sub-accounts `sub-001`… by their app ids, in desk order. */
let subs: string[] = [];
/** App account id -> the sandbox's owner id. */
const owner = new Map<string, string>();

beforeAll(async () => {
  core = await createTestCore({
    platform: desktop.platform,
    connection: { kind: 'sandbox', persist: false, extraSubAccounts: SUBS, deskActivity: true },
  });
  const sandbox = core.connection.sandbox;
  if (!sandbox) throw new Error('no sandbox');
  const byLabel = new Map(
    [...sandbox.control.state.accounts.values()].map((a) => [`Sandbox ${a.label}`, a.id]),
  );
  for (const a of core.accounts.registry.list()) owner.set(a.id, byLabel.get(a.label) ?? '');
  subs = core.accounts.registry
    .list()
    .filter((a) => /^Sandbox sub-\d{3,}$/.test(a.label))
    .sort((a, b) => a.label.localeCompare(b.label))
    .map((a) => a.id);
  const bridge = createBridge(inProcessTransport(core.router, core.events));
  board = new DeskBoard(bridge);
  stopListening = board.listen();
  // registered after the board's own listener: runs once the board took each batch
  stopWatching = bridge.on('board.rows', () => disagreements.push(...disagreeing()));
  await board.load();
  await board.refresh();
  unfollow = board.follow();
  await vi.waitFor(
    () => {
      const live = new Set(board.rows.filter((r) => r.feed === 'live').map((r) => r.account));
      expect(subs.slice(0, LIVE).filter((a) => !live.has(a))).toEqual([]);
    },
    { timeout: 60_000, interval: 100 },
  );
}, 240_000);

afterAll(async () => {
  unfollow();
  stopWatching();
  stopListening();
  await core.close();
});

/** What the board's figures say that does not agree with each other (empty: they agree). */
function disagreeing(): string[] {
  const out: string[] = [];
  const rows = board.rows;
  for (const r of rows) {
    if ((r.openOrders ?? 0) !== (r.orders?.length ?? 0))
      out.push(`${r.label}: ${String(r.openOrders)} orders counted, ${String(r.orders?.length)} listed`);
    if ((r.openPositions ?? 0) !== (r.positions?.length ?? 0))
      out.push(
        `${r.label}: ${String(r.openPositions)} positions counted, ${String(r.positions?.length)} listed`,
      );
  }
  const totals = totalsOf(rows);
  if (totals.orders !== board.orders.length)
    out.push(`totals say ${String(totals.orders)} orders, the tab ${String(board.orders.length)}`);
  if (totals.positions !== board.positions.length)
    out.push(`totals say ${String(totals.positions)} positions, the tab ${String(board.positions.length)}`);
  const listed = new Set(rows.map((r) => r.account));
  if (board.orders.some((o) => !listed.has(o.account))) out.push('an order of an account with no row');
  return out;
}

/** What the exchange holds for an account: open orders (every market) and open positions. */
function truth(account: string): { orders: number; positions: number } {
  const control = core.connection.sandbox?.control;
  const id = owner.get(account) ?? '';
  return {
    orders: control?.engine.openOrders(id).length ?? -1,
    positions: control?.positions.of(id).filter((p) => !p.amount.isZero()).length ?? -1,
  };
}

/** Every row agrees with the others now and, once the pushes and reads are in, with the exchange. */
async function holds(accounts: readonly string[]): Promise<void> {
  expect(disagreeing()).toEqual([]);
  await vi.waitFor(
    () => {
      const rows = new Map(board.rows.map((r) => [r.account, r]));
      const shown = (r: BoardRowView | undefined) => ({ orders: r?.openOrders, positions: r?.openPositions });
      expect(accounts.map((a) => [a, shown(rows.get(a))])).toEqual(accounts.map((a) => [a, truth(a)]));
    },
    { timeout: 20_000, interval: 50 },
  );
  expect(disagreeing()).toEqual([]);
  expect(disagreements).toEqual([]);
}

interface Model {
  /** Accounts something was done to in this sequence (checked against the exchange after each step). */
  touched: Set<string>;
}
type Real = Record<string, never>;

/** An order placed on a live account through the app (the row changes by push alone). */
class Place implements fc.AsyncCommand<Model, Real> {
  readonly n: number;
  constructor(n: number) {
    this.n = n;
  }
  check = (): boolean => true;
  async run(m: Model): Promise<void> {
    const account = subs[this.n % LIVE] ?? '';
    await ok<PlaceResultView>('orders.place', {
      accountId: account,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.0002', price: '30000' },
    });
    m.touched.add(account);
    await holds([...m.touched]);
  }
  toString = (): string => `place(${String(this.n % LIVE)})`;
}

/** The newest open order of a live account cancelled through the app. */
class CancelOne implements fc.AsyncCommand<Model, Real> {
  readonly n: number;
  constructor(n: number) {
    this.n = n;
  }
  check = (): boolean => true;
  async run(m: Model): Promise<void> {
    const account = subs[this.n % LIVE] ?? '';
    const order = core.connection.sandbox?.control.engine.openOrders(owner.get(account) ?? '').at(-1);
    if (order) await ok('orders.cancel', { accountId: account, market: order.market, orderId: order.id });
    m.touched.add(account);
    await holds([...m.touched]);
  }
  toString = (): string => `cancelOne(${String(this.n % LIVE)})`;
}

/** A bulk action previewed and sent from the board, for some accounts or the whole desk. */
class Bulk implements fc.AsyncCommand<Model, Real> {
  readonly action: 'cancel_orders' | 'close_positions' | 'flatten';
  readonly picks: readonly number[] | 'desk';
  constructor(action: Bulk['action'], picks: Bulk['picks']) {
    this.action = action;
    this.picks = picks;
  }
  check = (): boolean => true;
  async run(m: Model): Promise<void> {
    const accounts =
      this.picks === 'desk'
        ? board.rows.map((r) => r.account)
        : [...new Set(this.picks.map((i) => subs[i] ?? ''))];
    await board.previewBulk(this.action, accounts);
    expect(board.bulkError).toBeUndefined();
    await board.send();
    expect(board.bulkError).toBeUndefined();
    for (const a of accounts) m.touched.add(a);
    await holds([...m.touched]);
  }
  toString = (): string =>
    `${this.action}(${this.picks === 'desk' ? 'the whole desk' : this.picks.join(',')})`;
}

/** The whole board read again (Refresh). */
class Refresh implements fc.AsyncCommand<Model, Real> {
  check = (): boolean => true;
  async run(m: Model): Promise<void> {
    await board.refresh();
    await holds([...m.touched]);
  }
  toString = (): string => 'refresh';
}

const live = fc.nat({ max: LIVE - 1 });
const commands = [
  { arbitrary: live.map((n) => new Place(n)), weight: 4 },
  { arbitrary: live.map((n) => new CancelOne(n)), weight: 2 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom('cancel_orders', 'close_positions', 'flatten' as const),
        fc.array(fc.nat({ max: SUBS - 1 }), { minLength: 1, maxLength: 12 }),
      )
      .map(([action, picks]) => new Bulk(action, picks)),
    weight: 3,
  },
  {
    arbitrary: fc.constantFrom('cancel_orders', 'flatten' as const).map((action) => new Bulk(action, 'desk')),
    weight: 1,
  },
  { arbitrary: fc.constant(new Refresh()), weight: 1 },
].flatMap(({ arbitrary, weight }) =>
  // fc.commands picks among its arbitraries evenly: a weight is that many places in the list
  Array.from({ length: weight }, () => arbitrary as fc.Arbitrary<fc.AsyncCommand<Model, Real>>),
);

describe('the desk board at 1,000 sub-accounts, any sequence', () => {
  it('keeps its tabs, grids, totals and rows in agreement, and true to the exchange', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 6 }), (cmds) =>
        fc.asyncModelRun(() => ({ model: { touched: new Set<string>() }, real: {} }), cmds),
      ),
      { numRuns: 4 },
    );
  }, 600_000);
});
