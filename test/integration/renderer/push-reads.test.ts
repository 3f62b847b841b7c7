/**
 * A push is never a reason for the renderer to read: orders placed and cancelled on accounts the
 * board follows live, in any order, reach the Board screen's rows and the Trade screen's open orders
 * by the events main sends (rows, merged state) alone. Run against the embedded sandbox with the
 * app's main process and the screens' own managers on one page, whose every call over the bridge is
 * counted. Invariants after each step, once its events are in (waited on, never slept for):
 * - the page called nothing since the step began;
 * - the account's row, and the Trade screen when it shows that account, list the orders the model
 *   says are open, by id.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import type { PlaceResultView } from '../../../main/ipc/contract.ts';
import { createBridge, type TxcApi } from '../../../preload/bridge.ts';
import { DeskBoard } from '../../../renderer/src/lib/managers/desk-board.svelte.ts';
import { ActiveOrders } from '../../../renderer/src/lib/managers/active-orders.svelte.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const SUBS = 4;
const MARKET = 'BTC_USDT';

const desktop = scriptedDesktop();
let core: TestCore;
let page: TxcApi;
let board: DeskBoard;
let trade: ActiveOrders;
const stops: Array<() => void> = [];
const { ok } = procedureCalls(() => core);
/** The procedures the page called while `counting`. */
const called: string[] = [];
let counting = false;

/** The sub-accounts by their app ids, in desk order; the first is the one the Trade screen shows. */
let subs: string[] = [];
/** App account id -> the sandbox's owner id. */
const owner = new Map<string, string>();

/** Resolves once `holds()` is true, checked as each event of the page comes; fails past 20 s. */
function until(holds: () => boolean, what: () => string): Promise<void> {
  if (holds()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error): void => {
      clearTimeout(deadline);
      for (const stop of listening) stop();
      if (error) reject(error);
      else resolve();
    };
    const deadline = setTimeout(() => done(new Error(`never came: ${what()}`)), 20_000);
    // registered after the screens' own listeners: runs once they took the event
    const check = (): void => {
      if (holds()) done();
    };
    const listening = [page.on('board.rows', check), page.on('known.pushed', check)];
  });
}

beforeAll(async () => {
  core = await createTestCore({
    platform: desktop.platform,
    connection: { kind: 'sandbox', persist: false, extraSubAccounts: SUBS },
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
  const transport = inProcessTransport(core.router, core.events);
  page = createBridge({
    ...transport,
    invoke: (procedure, input) => {
      if (counting) called.push(procedure);
      return transport.invoke(procedure, input);
    },
  });
  board = new DeskBoard(page);
  trade = new ActiveOrders(page);
  stops.push(board.listen());
  await board.load();
  await board.refresh();
  stops.push(board.follow());
  await trade.follow(subs[0] ?? '', MARKET);
  await until(
    () => subs.every((a) => board.rows.find((r) => r.account === a)?.feed === 'live'),
    () => 'every sub-account live',
  );
}, 120_000);

afterAll(async () => {
  for (const stop of stops) stop();
  await trade.stop();
  await core.close();
});

interface Model {
  /** Open order ids per account, as the exchange holds them. */
  orders: Map<string, number[]>;
}
type Real = Record<string, never>;

/** Order ids as shown: the account's row, and the Trade screen when it shows the account. */
function shown(account: string): { row: number[] | undefined; trade: number[] | undefined } {
  const row = board.rows.find((r) => r.account === account);
  return {
    row: row?.orders
      ?.filter((o) => o.market === MARKET)
      .map((o) => o.orderId)
      .sort((a, b) => a - b),
    trade: account === subs[0] ? trade.orders.map((o) => o.orderId).sort((a, b) => a - b) : undefined,
  };
}

function expected(m: Model, account: string): ReturnType<typeof shown> {
  const ids = [...(m.orders.get(account) ?? [])].sort((a, b) => a - b);
  return { row: ids, trade: account === subs[0] ? ids : undefined };
}

/** Runs a step on the exchange, waits for its events and checks that the page read nothing. */
async function step(m: Model, account: string, act: () => Promise<void>): Promise<void> {
  called.length = 0;
  counting = true;
  try {
    await act();
    const want = expected(m, account);
    // a call the page made ends the wait: it is the failure named below
    await until(
      () => called.length > 0 || JSON.stringify(shown(account)) === JSON.stringify(want),
      () => `${JSON.stringify(want)} on screen; shown ${JSON.stringify(shown(account))}`,
    );
  } finally {
    counting = false;
  }
  expect(called).toEqual([]);
}

/** A limit order placed on a live account from elsewhere (another window, a hotkey). */
class Place implements fc.AsyncCommand<Model, Real> {
  readonly n: number;
  constructor(n: number) {
    this.n = n;
  }
  check = (): boolean => true;
  async run(m: Model): Promise<void> {
    const account = subs[this.n] ?? '';
    await step(m, account, async () => {
      const placed = await ok<PlaceResultView>('orders.place', {
        accountId: account,
        draft: { kind: 'limit', market: MARKET, side: 'buy', amount: '0.0002', price: '30000' },
      });
      const id = placed.order?.orderId;
      if (id === undefined) throw new Error('placed without an order id');
      m.orders.set(account, [...(m.orders.get(account) ?? []), id]);
    });
  }
  toString = (): string => `place(${String(this.n)})`;
}

/** The newest open order of a live account cancelled from elsewhere. */
class Cancel implements fc.AsyncCommand<Model, Real> {
  readonly n: number;
  constructor(n: number) {
    this.n = n;
  }
  check = (m: Readonly<Model>): boolean => (m.orders.get(subs[this.n] ?? '')?.length ?? 0) > 0;
  async run(m: Model): Promise<void> {
    const account = subs[this.n] ?? '';
    const ids = m.orders.get(account) ?? [];
    const orderId = ids.at(-1);
    await step(m, account, async () => {
      await ok('orders.cancel', { accountId: account, market: MARKET, orderId });
      m.orders.set(
        account,
        ids.filter((id) => id !== orderId),
      );
    });
  }
  toString = (): string => `cancel(${String(this.n)})`;
}

/** What the exchange holds open on `MARKET` for each sub-account now (the model's start). */
function truth(): Model {
  const engine = core.connection.sandbox?.control.engine;
  return {
    orders: new Map(
      subs.map((a) => [
        a,
        (engine?.openOrders(owner.get(a) ?? '') ?? []).filter((o) => o.market === MARKET).map((o) => o.id),
      ]),
    ),
  };
}

describe('pushes reach the screens without a read', () => {
  it('places and cancels on live accounts, in any order, show on the board and the Trade screen with no call from the page', async () => {
    const pick = fc.nat({ max: SUBS - 1 });
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [
            pick.map((n) => new Place(n) as fc.AsyncCommand<Model, Real>),
            pick.map((n) => new Place(n) as fc.AsyncCommand<Model, Real>),
            pick.map((n) => new Cancel(n) as fc.AsyncCommand<Model, Real>),
          ],
          { maxCommands: 8 },
        ),
        (cmds) => fc.asyncModelRun(() => ({ model: truth(), real: {} }), cmds),
      ),
      { numRuns: 5 },
    );
  }, 300_000);
});
