/**
 * Positions as people change them, in any order: orders that open, add to, reduce, close or reverse a
 * position (some with TP/SL legs), legs added through the app, a reduce-only stop, a leg moved, the
 * price moving through the legs. Run against the sandbox, with the app's main process and two real
 * Positions managers (the Positions screen and the Trade dock) in one process, plus the desk board's
 * positions grid. Invariants:
 * - at the exchange, no reduce-only order or leg is ever open that would add to or open a position;
 * - every view's TP/SL of a position is a leg that closes it, at every push (never the old long's
 *   legs on the new short), and once the pushes are in, the views agree with the exchange and each
 *   other.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import type { DeskPositionRowView, PositionView } from '../../../main/ipc/contract.ts';
import type { Order } from '../../../main/sandbox/engine/order.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { createBridge } from '../../../preload/bridge.ts';
import { PositionsManager } from '../../../renderer/src/lib/managers/positions.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { createTestCore, procedureCalls, registerAccount, type TestCore } from '../../support/core.ts';
import { Client } from '../sandbox/support.ts';
import { Peer } from '../ws/support.ts';

const MARKET = 'BTC_PERP';
const MKT = '/api/v4/order/collateral/market';
const UNIT = 0.001;

let sandbox: Sandbox;
let core: TestCore;
let appId = '';
let ownerId = '';
let client: Client;
let peer: Peer;
let screen: PositionsManager;
let dock: PositionsManager;
const { call } = procedureCalls(() => core);
/** Every view's TP/SL that was not a leg closing its position, as the pushes arrived. */
const wrong: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 61, simulate: false, ws: { pollMs: 20 } });
  core = await createTestCore({ connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws } });
  const key = sandbox.accounts.find((a) => a.label === 'sub-alpha');
  if (!key) throw new Error('no sub-alpha');
  appId = (await registerAccount(core, 'Alpha', key)).id;
  ownerId = [...sandbox.control.state.accounts.values()].find((a) => a.label === 'sub-alpha')?.id ?? '';
  client = new Client(sandbox.rest, key);
  peer = await Peer.open(sandbox.ws);
  const token = (await post('/api/v4/profile/websocket_token', {})).body as { websocket_token: string };
  await peer.call('authorize', [token.websocket_token, 'public']);
  const bridge = createBridge(inProcessTransport(core.router, core.events));
  screen = new PositionsManager(bridge, memoryStore());
  dock = new PositionsManager(bridge, memoryStore());
  await screen.follow(appId);
  await dock.follow(appId);
  // registered after the managers': runs once they took each state main merged the pushes into
  bridge.on('known.pushed', (pushed) => {
    if (pushed.accountId !== appId) return;
    for (const [view, positions] of [
      ['screen', screen.positions],
      ['dock', dock.positions],
    ] as const)
      wrong.push(...notClosing(view, positions));
  });
}, 60_000);
afterAll(async () => {
  await screen.stop();
  await dock.stop();
  peer.close();
  await core.close();
  await sandbox.close();
});

/**
 * A request signed by the test for the account the app signs for too: in the exchange's nonce window,
 * so the two signers' request numbers need not interleave.
 */
const post = (path: string, body: Record<string, unknown>) => client.post(path, body, { nonceWindow: true });

const last = (): number => Number(sandbox.control.state.lastPrices.get(MARKET) ?? '64260');
const price = (factor: number): string => (last() * factor).toFixed(1);
const units = (n: number): string => (n * UNIT).toFixed(3);

/** The position at the exchange (one-way mode: at most one on the market). */
function position() {
  return sandbox.control.positions.of(ownerId).find((p) => p.market === MARKET);
}

/** Whether an order, still open, can close the position it is for (the exchange's own truth). */
function closes(o: Order): boolean {
  const p = position();
  if (!p || p.amount.isZero() || p.amount.isPos() === (o.side === 'buy')) return false;
  return o.positionId === undefined || o.positionId === p.positionId;
}

/** The TP/SL legs a view lists that are not orders closing that position's direction. */
function notClosing(view: string, positions: readonly PositionView[]): string[] {
  return positions.flatMap((p) =>
    (p.tpsl ?? []).flatMap((leg) => {
      const o = sandbox.control.engine.orders.get(leg.orderId);
      const closing = p.amount.trim().startsWith('-') ? 'buy' : 'sell';
      return o && o.market === p.market && o.side === closing && o.reduceOnly === true
        ? []
        : [`${view}: leg #${String(leg.orderId)} shown on position ${p.amount}`];
    }),
  );
}

/**
 * The exchange's open positions and their waiting legs, as every view should come to show them: every
 * open reduce-only order that closes the position. The exchange's record of the position lists one
 * take-profit and one stop-loss (the newest of each kind); an older pair still waiting, and a leg
 * placed alone (a lone take-profit is a limit order, a lone stop-loss a stop order), are legs too.
 */
function truth(): Array<{ positionId: number; amount: number; legs: number[] }> {
  const p = position();
  if (!p || p.amount.isZero()) return [];
  const legs = sandbox.control.engine
    .openOrders(ownerId)
    .filter(
      (o) => o.collateral && o.reduceOnly && o.market === MARKET && !(o.tpsl && o.activated) && closes(o),
    )
    .map((o) => o.id)
    .sort((a, b) => a - b);
  return [{ positionId: p.positionId, amount: p.amount.toNumber(), legs }];
}

const shown = (rows: ReadonlyArray<Pick<PositionView, 'positionId' | 'amount' | 'tpsl'>>) =>
  rows
    .filter((r) => Number(r.amount) !== 0)
    .map((r) => ({
      positionId: r.positionId,
      amount: Number(r.amount),
      legs: (r.tpsl ?? []).map((l) => l.orderId).sort((a, b) => a - b),
    }));

/** At the exchange: every open reduce-only order (legs too) closes the position it is for. */
function exchangeHolds(): void {
  const stray = sandbox.control.engine
    .openOrders(ownerId)
    .filter((o) => o.collateral && o.reduceOnly && !closes(o))
    .map((o) => `#${String(o.id)} ${o.side} ${o.tpsl ?? 'reduce-only'}`);
  expect(stray).toEqual([]);
}

/** Once the pushes are in: the screen, the dock and the board show exactly the exchange's legs. */
async function settled(): Promise<void> {
  await vi.waitFor(
    async () => {
      const want = truth();
      expect(shown(screen.positions)).toEqual(want);
      expect(shown(dock.positions)).toEqual(want);
      const board = await call('board.openPositions', { accountIds: [appId] });
      if (!board.ok) throw new Error(board.error.message);
      expect(shown(board.value as DeskPositionRowView[])).toEqual(want);
    },
    { timeout: 8_000, interval: 25 },
  );
}

interface Model {
  /** Signed position size in units of 0.001. */
  amount: number;
  legs: number;
}
type Real = Record<string, never>;

/** The model follows what the exchange now holds. */
function sync(m: Model): void {
  const p = position();
  m.amount = p ? Math.round(p.amount.toNumber() / UNIT) : 0;
  m.legs = truth()[0]?.legs.length ?? 0;
}

async function after(m: Model): Promise<void> {
  exchangeHolds();
  await settled();
  expect(wrong).toEqual([]);
  sync(m);
}

const legsFor = (side: 'buy' | 'sell') =>
  side === 'buy'
    ? { takeProfit: price(1.03), stopLoss: price(0.97) }
    : { takeProfit: price(0.97), stopLoss: price(1.03) };

class Trade implements fc.AsyncCommand<Model, Real> {
  readonly side: 'buy' | 'sell';
  readonly n: number;
  readonly legs: boolean;
  constructor(side: 'buy' | 'sell', n: number, legs: boolean) {
    this.side = side;
    this.n = n;
    this.legs = legs;
  }
  check = (): boolean => true;
  async run(m: Model): Promise<void> {
    const body = {
      market: MARKET,
      side: this.side,
      amount: units(this.n),
      ...(this.legs ? legsFor(this.side) : {}),
    };
    expect((await post(MKT, body)).status).toBe(200);
    await after(m);
  }
  toString = () => `trade ${this.side} ${String(this.n)}${this.legs ? ' +legs' : ''}`;
}

/** An order the other way, larger than the position: it closes it and opens the other side. */
class Flip implements fc.AsyncCommand<Model, Real> {
  readonly n: number;
  readonly legs: boolean;
  constructor(n: number, legs: boolean) {
    this.n = n;
    this.legs = legs;
  }
  check = (m: Readonly<Model>): boolean => m.amount !== 0;
  async run(m: Model): Promise<void> {
    const side = m.amount > 0 ? 'sell' : 'buy';
    const body = {
      market: MARKET,
      side,
      amount: units(Math.abs(m.amount) + this.n),
      ...(this.legs ? legsFor(side) : {}),
    };
    expect((await post(MKT, body)).status).toBe(200);
    await after(m);
  }
  toString = () => `flip +${String(this.n)}${this.legs ? ' +legs' : ''}`;
}

class Close implements fc.AsyncCommand<Model, Real> {
  readonly part: boolean;
  constructor(part: boolean) {
    this.part = part;
  }
  check = (m: Readonly<Model>): boolean => (this.part ? Math.abs(m.amount) >= 2 : m.amount !== 0);
  async run(m: Model): Promise<void> {
    const n = this.part ? Math.floor(Math.abs(m.amount) / 2) : Math.abs(m.amount);
    const body = { market: MARKET, side: m.amount > 0 ? 'sell' : 'buy', amount: units(n), reduceOnly: true };
    expect((await post(MKT, body)).status).toBe(200);
    await after(m);
  }
  toString = () => (this.part ? 'close half' : 'close');
}

/** Legs added on the Positions screen's path (main's rules, over the account's WebSocket). */
class AddTpSl implements fc.AsyncCommand<Model, Real> {
  readonly which: 'both' | 'takeProfit' | 'stopLoss';
  constructor(which: 'both' | 'takeProfit' | 'stopLoss') {
    this.which = which;
  }
  check = (m: Readonly<Model>): boolean => m.amount !== 0;
  async run(m: Model): Promise<void> {
    const legs = legsFor(m.amount > 0 ? 'buy' : 'sell');
    const reply = await call('positions.addTpSl', {
      accountId: appId,
      market: MARKET,
      ...(this.which === 'stopLoss' ? {} : { takeProfit: legs.takeProfit }),
      ...(this.which === 'takeProfit' ? {} : { stopLoss: legs.stopLoss }),
    });
    expect(reply.ok ? '' : reply.error.message).toBe('');
    await after(m);
  }
  toString = () => `add ${this.which}`;
}

/** A reduce-only stop placed on its own: not a leg of a pair, but a closing order all the same. */
class AddStop implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>): boolean => m.amount !== 0;
  async run(m: Model): Promise<void> {
    const long = m.amount > 0;
    const answer = await peer.call('collateral_order_stop_market_place', [
      {
        market: MARKET,
        side: long ? 'sell' : 'buy',
        amount: units(Math.abs(m.amount)),
        activation_price: price(long ? 0.96 : 1.04),
        reduce_only: true,
      },
    ]);
    expect(answer.error).toBeNull();
    await after(m);
  }
  toString = () => 'add reduce-only stop';
}

/** A waiting leg moved to another trigger on its own side. */
class MoveLeg implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>): boolean => m.legs > 0;
  async run(m: Model): Promise<void> {
    const leg = sandbox.control.engine.openOrders(ownerId).find((o) => o.tpsl && !o.activated);
    if (!leg) return;
    const long = leg.side === 'sell';
    const up = (leg.tpsl === 'take_profit') === long;
    const answer = await peer.call('order_modify', [
      { market: MARKET, order_id: leg.id, activation_price: price(up ? 1.04 : 0.96) },
    ]);
    expect(answer.error).toBeNull();
    await after(m);
  }
  toString = () => 'move a leg';
}

/** The market moves (the ladder follows): legs in its path fire, their siblings end. */
class MovePrice implements fc.AsyncCommand<Model, Real> {
  readonly pct: number;
  constructor(pct: number) {
    this.pct = pct;
  }
  check = (): boolean => true;
  async run(m: Model): Promise<void> {
    sandbox.control.setPrice(MARKET, price(1 + this.pct / 100));
    await after(m);
  }
  toString = () => `price ${this.pct > 0 ? '+' : ''}${String(this.pct)} %`;
}

const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
const size = fc.integer({ min: 1, max: 3 });
const commands = [
  fc.tuple(side, size, fc.boolean()).map(([s, n, l]) => new Trade(s, n, l)),
  fc.tuple(size, fc.boolean()).map(([n, l]) => new Flip(n, l)),
  fc.boolean().map((part) => new Close(part)),
  fc
    .constantFrom<'both' | 'takeProfit' | 'stopLoss'>('both', 'takeProfit', 'stopLoss')
    .map((w) => new AddTpSl(w)),
  fc.constant(new AddStop()),
  fc.constant(new MoveLeg()),
  fc.constantFrom(-5, -2, 2, 5).map((pct) => new MovePrice(pct)),
];

/** Each sequence starts flat, nothing open, the book full around the starting price. */
async function fresh(): Promise<{ model: Model; real: Real }> {
  for (const o of sandbox.control.engine.openOrders(ownerId)) sandbox.control.engine.cancel(o);
  const p = position();
  if (p && !p.amount.isZero())
    await post(MKT, {
      market: MARKET,
      side: p.amount.isPos() ? 'sell' : 'buy',
      amount: p.amount.abs().toFixed(),
      reduceOnly: true,
    });
  sandbox.control.setPrice(MARKET, '64260');
  const model: Model = { amount: 0, legs: 0 };
  await after(model);
  return { model, real: {} };
}

describe('positions, legs and every view of them, in sequences', () => {
  it('no leg ever opens or adds to a position, and every view shows only legs that close it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 8 }), async (cmds) => {
        await fc.asyncModelRun(fresh, cmds);
      }),
      { numRuns: 30 },
    );
  }, 240_000);
});
