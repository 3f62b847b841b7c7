/**
 * Model-based tests of the order ticket: random sequences of what a person does (type an amount or a
 * price, switch side, type, unit, market and account, press a share button, or press one and switch
 * before it answers, submit and confirm or decline main's question) run against the real ticket
 * manager and its sending, main and a still sandbox in one process (the in-process transport); and
 * what a person does to the orders resting after (modify one, cancel one, cancel a position's
 * stop-loss), through the Trade dock's open-orders manager (`order-changes-model.ts`).
 *
 * Checked after every step: an amount in the field is the number the person typed, in the asset they
 * typed it in. Checked on the bodies the sandbox received: whatever is signed is what the last summary
 * showed, in its unit; nothing main's question was declined for is signed; and nothing the sandbox's
 * own state shows to be clearly beyond a guard is signed unless main asked and the answer was yes.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketView } from '../../../main/ipc/contract.ts';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import { startSandbox, type ReceivedRequest, type Sandbox } from '../../../main/sandbox/index.ts';
import { createBridge } from '../../../preload/bridge.ts';
import type { TxcApi } from '../../../renderer/src/lib/api.ts';
import { OrderSend } from '../../../renderer/src/lib/managers/order-send.svelte.ts';
import { OrderTicket, type TicketTimers } from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';
import { TicketFunds, type Share } from '../../../renderer/src/lib/managers/ticket-funds.svelte.ts';
import { createTestCore, procedureCalls, registerAccount, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { amountUnitOf, bookMid, clearlyBeyond, ORDER_PATHS } from '../../support/ticket-oracle.ts';
import { LadderTicket } from '../../../renderer/src/lib/managers/ladder.svelte.ts';
import { ActiveOrders } from '../../../renderer/src/lib/managers/active-orders.svelte.ts';
import { ladderCommand } from './ladder-model.ts';
import { changeCommands } from './order-changes-model.ts';
import { intentionCommands } from './ticket-intentions.ts';
import { formatNumber } from '../../../renderer/src/lib/format/number.ts';

/** Sequences run in `npm test`; each a few to a dozen steps. */
const RUNS = Number(process.env['TXC_MODEL_RUNS'] ?? 2000);
const CEILING_USDT = 3000;
const MARKETS = ['BTC_USDT', 'ETH_USDT', 'BTC_PERP'] as const;
const ACCOUNTS = ['main', 'sub-alpha', 'sub-maker'] as const;

const desktop = scriptedDesktop();
let sandbox: Sandbox;
let core: TestCore;
let api: TxcApi;
const ids: Record<string, string> = {};
let markets: MarketView[] = [];
/** Orders the sandbox received, each with what its own state said of it on arrival. */
const received: Array<{ request: ReceivedRequest; beyond: string[] }> = [];
const { ok } = procedureCalls(() => core);
/** An account's label (the sandbox names the account of each request by it). */
const labelOf = (id: string): string => Object.keys(ids).find((label) => ids[label] === id) ?? id;
/** The ticket's timers, run by a pause of the person's: a check waits until then, or until the send. */
function handTimers(): TicketTimers & { run(): void } {
  let next: (() => void) | undefined;
  return {
    set: (run) => (next = run),
    clear: (handle) => {
      if (handle === next) next = undefined;
    },
    run() {
      const due = next;
      next = undefined;
      due?.();
    },
  };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7, simulate: false });
  sandbox.control.watchRequests((request) => {
    if (request.via === 'ws' || request.path.startsWith('/api/v4/order/'))
      received.push({
        request,
        // a cancel carries no amount: nothing of it can be beyond a guard
        beyond:
          request.body['amount'] === undefined
            ? []
            : clearlyBeyond(sandbox, request, CEILING_USDT, recentMids(String(request.body['market'])))
                .beyond,
      });
  });
  core = await createTestCore({
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
    platform: desktop.platform,
  });
  for (const label of ACCOUNTS)
    ids[label] = (
      await registerAccount(
        core,
        label,
        sandbox.accounts.find((a) => a.label === label),
        label === 'main' ? 'main' : 'sub',
      )
    ).id;
  await ok('guards.configure', { notionalCeiling: String(CEILING_USDT) });
  api = createBridge(inProcessTransport(core.router, core.events, 'renderer'));
  markets = await ok<MarketView[]>('markets.list');
}, 60_000);
afterAll(async () => {
  await core.close();
  await sandbox.close();
});

/**
 * The person's world: what they typed last (in which asset, on which market, for which account), the
 * market they typed prices on, and who they are trading as.
 */
interface Model {
  typed: { amount: string; unit: string; market: string; account: string } | undefined;
  pricedOn: string | undefined;
  account: string;
}

/** The presses' clock: each step comes a while after the one before (a press is never a repeat of it). */
const clock = { now: 0 };

/** The ticket, its share buttons and its sending, as the Trade screen holds them. */
interface Real {
  ticket: OrderTicket;
  timers: ReturnType<typeof handTimers>;
  funds: TicketFunds;
  send: OrderSend;
  /** The ticket's ladder mode, on the same market and side. */
  ladder: LadderTicket;
  /** The dock's open orders of the account, changed and cancelled there. */
  orders: ActiveOrders;
}

const midOf = (market: string): number =>
  bookMid(sandbox, market) ?? Number(sandbox.control.state.markets.get(market)?.basePrice ?? 1);

/** The middles of each book since a moment before main's longest-kept reading (only our steps move them). */
const mids = new Map<string, Array<{ at: number; mid: number }>>();
function noteMids(): void {
  const now = Date.now();
  for (const name of MARKETS) {
    const kept = (mids.get(name) ?? []).filter((m) => now - m.at < 3_000);
    const mid = bookMid(sandbox, name);
    const base = Number(sandbox.control.state.markets.get(name)?.basePrice ?? 0);
    mids.set(name, [...kept, { at: now, mid: base }, ...(mid === undefined ? [] : [{ at: now, mid }])]);
  }
}
const recentMids = (market: string): number[] => (mids.get(market) ?? []).map((m) => m.mid);

/**
 * The amount field holds what the person typed, in the asset they typed it in, for the market and
 * account it was typed for, or nothing; a price field holds a price typed on its market, or nothing.
 */
function amountHeld(model: Model, real: Real): void {
  const { amount, price, market } = real.ticket.fields;
  if (price !== '') expect(model.pricedOn).toBe(market);
  if (amount === '') return;
  expect(model.typed).toBeDefined();
  expect({ amount, unit: real.ticket.amountAsset, market, account: real.ticket.account }).toEqual(
    model.typed,
  );
}

/** What the person types now is theirs, on this market and for this account. */
const typedNow = (amount: string, r: Real): NonNullable<Model['typed']> => ({
  amount,
  unit: r.ticket.amountAsset,
  market: r.ticket.fields.market,
  account: r.ticket.account ?? '',
});

/** A switch leaves the amount as it was, or empties it (with a note) when its asset changed. */
function switched(model: Model, real: Real, unitBefore: string): void {
  if (real.ticket.amountAsset !== unitBefore && model.typed) {
    expect(real.ticket.fields.amount).toBe('');
    expect(real.ticket.amountNote).toContain(
      `${formatNumber(model.typed.amount)} ${model.typed.unit} was cleared`,
    );
    model.typed = undefined;
  }
  amountHeld(model, real);
}

/**
 * Another market or account: what was typed for the one before is gone, with a note naming it (the
 * amount as typed, in its asset); nothing typed, no note of an earlier switch is left.
 */
function movedOn(model: Model, real: Real, owner: string): void {
  const typed = model.typed;
  if (typed) {
    expect(real.ticket.fields.amount).toBe('');
    expect(real.ticket.amountNote).toContain(`The amount ${formatNumber(typed.amount)} ${typed.unit}`);
    expect(real.ticket.amountNote).toContain(`typed for ${owner}`);
  } else if (!model.pricedOn) expect(real.ticket.amountNote).toBe('');
  model.typed = undefined;
  model.pricedOn = undefined;
  amountHeld(model, real);
}

type Cmd = fc.AsyncCommand<Model, Real>;
const step = (name: string, run: (m: Model, r: Real) => Promise<void> | void): Cmd => ({
  check: () => true,
  run: async (m, r) => {
    clock.now += 60_000;
    await run(m, r);
  },
  toString: () => name,
});

const typeAmount = fc.constantFrom('0.0005', '0.001', '0.01', '0.3', '2', '25', '250', '5000').map((amount) =>
  step(`type amount ${amount}`, (m, r) => {
    r.ticket.set({ amount });
    m.typed = typedNow(amount, r);
    amountHeld(m, r);
  }),
);

const typePrice = fc.constantFrom(0.97, 1.02, 0.5, 1.3, 10).map((factor) =>
  step(`type prices at ${String(factor)}× the market`, (m, r) => {
    const market = markets.find((x) => x.name === r.ticket.fields.market);
    const tick = Number(market?.tickSize || '0.01');
    const price = (Math.round((midOf(r.ticket.fields.market) * factor) / tick) * tick).toFixed(
      Math.max(0, -Math.floor(Math.log10(tick))),
    );
    r.ticket.set({ price, activationPrice: price, stopLimitPrice: price });
    m.pricedOn = r.ticket.fields.market;
    amountHeld(m, r);
  }),
);

/** An order a person means: an amount for the asset the field is in, and prices near or far. */
const typeOrder = fc
  .record({ size: fc.nat(3), factor: fc.constantFrom(0.98, 0.99, 1.01, 1.02, 1.3) })
  .map(({ size, factor }) =>
    step(`type an order (size #${String(size)}, prices at ${String(factor)}×)`, (m, r) => {
      const quote = r.ticket.amountAsset === 'USDT';
      const amount = (quote ? ['20', '100', '400', '5000'] : ['0.001', '0.01', '0.06', '2'])[size] ?? '1';
      const market = markets.find((x) => x.name === r.ticket.fields.market);
      const tick = Number(market?.tickSize || '0.01');
      const places = Math.max(0, -Math.floor(Math.log10(tick)));
      const onTick = (f: number) =>
        (Math.round((midOf(r.ticket.fields.market) * f) / tick) * tick).toFixed(places);
      const price = onTick(factor);
      // an OCO's stop leg lies on the other side of the market from its limit leg
      const stop = onTick(2 - factor);
      const oco = r.ticket.fields.kind === 'collateral_oco';
      r.ticket.set({ amount, price, activationPrice: oco ? stop : price, stopLimitPrice: stop });
      m.typed = typedNow(amount, r);
      m.pricedOn = r.ticket.fields.market;
      amountHeld(m, r);
    }),
  );

const pause = fc.constant(
  step('pause (the typed draft is checked)', async (m, r) => {
    r.timers.run();
    await r.ticket.check();
    amountHeld(m, r);
  }),
);

const switchSide = fc.constant(
  step('switch side', (m, r) => {
    const unit = r.ticket.amountAsset;
    r.ticket.set({ side: r.ticket.fields.side === 'buy' ? 'sell' : 'buy' });
    switched(m, r, unit);
  }),
);

// every order type of a spot market open to margin (ten), and of a futures market (five)
const switchKind = fc.nat(9).map((n) =>
  step(`switch type #${String(n)}`, (m, r) => {
    const unit = r.ticket.amountAsset;
    const kind = r.ticket.kinds[n % r.ticket.kinds.length];
    if (kind) r.ticket.set({ kind });
    switched(m, r, unit);
  }),
);

const switchUnit = fc.constant(
  step('switch unit', (m, r) => {
    const unit = r.ticket.amountAsset;
    r.ticket.switchUnit();
    switched(m, r, unit);
  }),
);

const switchMarket = fc.constantFrom(...MARKETS).map((name) =>
  step(`switch market to ${name}`, (m, r) => {
    const before = r.ticket.fields.market;
    // as the Trade screen does: the market, then the order types it takes
    r.ticket.set({ market: name });
    if (name !== before) movedOn(m, r, before);
    const between = r.ticket.amountAsset;
    r.ticket.offerKinds(markets.find((x) => x.name === name)?.orderKinds);
    switched(m, r, between);
  }),
);

const switchAccount = fc.constantFrom(...ACCOUNTS).map((label) =>
  step(`trade as ${label}`, (m, r) => {
    const before = m.account;
    m.account = ids[label] ?? '';
    r.ticket.setAccount(m.account);
    if (m.account !== before) movedOn(m, r, labelOf(before));
    amountHeld(m, r);
  }),
);

const share = fc.constantFrom<Share>(25, 50, 75, 100);
const pressShare = share.map((pct) =>
  step(`press ${String(pct)}%`, async (m, r) => {
    await r.funds.pick(m.account, pct);
    if (r.funds.share === pct) m.typed = typedNow(r.ticket.fields.amount, r);
    amountHeld(m, r);
  }),
);

const shareThenSwitch = share.map((pct) =>
  step(`press ${String(pct)}% and switch side before it answers`, async (m, r) => {
    const unit = r.ticket.amountAsset;
    const picking = r.funds.pick(m.account, pct);
    r.ticket.set({ side: r.ticket.fields.side === 'buy' ? 'sell' : 'buy' });
    await picking;
    // the share was worked out for the other side: it never lands in this one
    expect(r.funds.share).toBeUndefined();
    switched(m, r, unit);
  }),
);

/**
 * Presses the ticket's send (`press`: once, or several presses of one intention) with main's question
 * answered `answer`, and checks what reached the exchange: at most one order, signed as the last
 * summary showed it, in its unit, for the account the ticket was typed for; nothing declined; nothing
 * clearly beyond a guard unasked; at most one question per attempt (`attempts`: presses that may
 * each try, after one that sent nothing). Answers how many orders were signed.
 */
async function pressed(
  m: Model,
  r: Real,
  answer: boolean,
  press: () => Promise<unknown>,
  attempts = 1,
): Promise<number> {
  const shown = {
    amount: r.ticket.fields.amount.trim(),
    unit: r.ticket.amountAsset,
    side: r.ticket.fields.side,
    kind: r.ticket.fields.kind,
    market: r.ticket.fields.market,
    summary: r.ticket.summary,
  };
  const asked = desktop.confirmations.length;
  const from = received.length;
  desktop.confirmAnswer = answer;
  try {
    await press();
  } finally {
    desktop.confirmAnswer = true;
    noteMids();
  }
  const questions = desktop.confirmations.length - asked;
  const sent = received.slice(from);
  expect(questions).toBeLessThanOrEqual(attempts);
  expect(sent.length).toBeLessThanOrEqual(1);
  if (questions >= 1 && !answer) expect(sent).toEqual([]);
  const [order] = sent;
  if (!order) return 0;
  const { request, beyond } = order;
  const body = request.body;
  const [base = '', quote = ''] = shown.market.split('_');
  // what is signed is what the summary showed, in its unit, for the account it was typed for
  expect(request.path).toBe(ORDER_PATHS[shown.kind]);
  expect(request.account).toBe(labelOf(m.account));
  expect({ market: body['market'], side: body['side'], amount: body['amount'] }).toEqual({
    market: shown.market,
    side: shown.side,
    amount: shown.amount,
  });
  const unit = amountUnitOf(request.path, body) === 'quote' ? (quote === 'PERP' ? 'USDT' : quote) : base;
  expect(unit).toBe(shown.unit);
  const amount = formatNumber(shown.amount);
  for (const summary of [shown.summary, r.ticket.summary])
    expect(summary).toContain(unit === base ? `${amount} ${base}` : `for ${amount} ${unit}`);
  // nothing clearly beyond a guard without main's own question answered yes
  if (beyond.length > 0)
    expect({ beyond, asked: questions > 0, answer }).toEqual({ beyond, asked: true, answer: true });
  return 1;
}

const submit = fc.boolean().map((answer) =>
  step(`submit, ${answer ? 'confirming' : 'declining'} main's question`, async (m, r) => {
    await pressed(m, r, answer, () => r.send.submit(m.account));
  }),
);

// a ladder on the ticket's market (on BTC_PERP: collateral limit rungs, one request each)
const world = { desktop, received, midOf, markets: () => markets, sent: noteMids };
const ladder = ladderCommand<Model, Real>(world);
const changes = changeCommands<Model, Real>({
  ...world,
  api: () => api,
  recentMids,
  ceilingUsdt: CEILING_USDT,
});
// one press, one order; a ticket typed for one account or market and switched; an order beyond the book
const intentions = intentionCommands<Model, Real>({
  clock,
  pressed,
  typedNow,
  movedOn,
  labelOf,
  account: (label) => ids[label] ?? '',
  markets: () => markets,
  midOf,
});
const commands = [
  typeOrder,
  typeOrder,
  typeOrder,
  typeAmount,
  typePrice,
  switchSide,
  switchKind,
  switchUnit,
  switchMarket,
  switchAccount,
  pressShare,
  shareThenSwitch,
  pause,
  submit,
  submit,
  submit,
  ladder.command,
  // what is done to the orders resting after: one entry, so the ticket's own steps keep their share
  fc.oneof(changes.modify, changes.modify, changes.cancel, changes.cancelLeg, changes.moveStopLoss),
  ...intentions.commands,
];

/** Open orders of the test accounts cancelled and the books laid out again: each sequence starts alike. */
function reset(): void {
  const { engine, state } = sandbox.control;
  for (const label of ACCOUNTS) {
    const account = [...state.accounts.values()].find((a) => a.label === label);
    if (account) for (const o of engine.openOrders(account.id)) engine.cancel(o);
  }
  for (const name of MARKETS) sandbox.control.setPrice(name, state.markets.get(name)?.basePrice ?? '1');
  noteMids();
}

/**
 * The sequences run in parts, each one test with its own seed: the search is as wide as `RUNS`, and a
 * part that hangs shows as that part. What must have happened along the way is checked over them all.
 */
const PART = 500;
const PARTS = Math.max(1, Math.ceil(RUNS / PART));
const seen = { sent: 0, declinedOrAsked: 0, paths: new Set<string>(), ms: 0 };

async function runPart(index: number, runs: number): Promise<void> {
  const started = performance.now();
  await fc.assert(
    // each sequence starts from an order typed, then does anything in any order
    fc.asyncProperty(
      typeOrder,
      fc.commands(commands, { maxCommands: 14, size: 'medium' }),
      async (first, cmds) => {
        reset();
        const timers = handTimers();
        const ticket = new OrderTicket(api, timers);
        const funds = new TicketFunds(api, ticket);
        const send = new OrderSend(
          ticket,
          () => undefined,
          () => clock.now,
        );
        const model: Model = { typed: undefined, pricedOn: undefined, account: ids['main'] ?? '' };
        ticket.nameAccounts(labelOf);
        ticket.setAccount(model.account);
        ticket.set({ market: 'BTC_USDT' });
        ticket.offerKinds(markets.find((x) => x.name === 'BTC_USDT')?.orderKinds);
        const before = received.length;
        const asked = desktop.confirmations.length;
        const real = {
          ticket,
          timers,
          funds,
          send,
          ladder: new LadderTicket(api, handTimers()),
          orders: new ActiveOrders(api),
        };
        await fc.asyncModelRun(() => ({ model, real }), [first, ...cmds]);
        seen.sent += received.length - before;
        for (const r of received.slice(before)) seen.paths.add(r.request.path);
        seen.declinedOrAsked += desktop.confirmations.length - asked;
      },
    ),
    { numRuns: runs, seed: Number(process.env['TXC_MODEL_SEED'] ?? 20290) + index },
  );
  seen.ms += performance.now() - started;
}

describe('the order ticket, in sequences', () => {
  for (let index = 0; index < PARTS; index += 1) {
    const runs = Math.min(PART, RUNS - index * PART);
    const from = index * PART + 1;
    it(
      `signs only what the last summary showed, in its unit, and the change the person typed, and nothing beyond a guard unasked (sequences ${String(from)} to ${String(from + runs - 1)} of ${String(RUNS)})`,
      () => runPart(index, runs),
      120_000,
    );
  }

  it('along the way, reached the exchange with every order type, and main asked', () => {
    expect(seen.sent).toBeGreaterThan(RUNS / 10);
    // every order type was signed along the way, and ladders on the perpetual (rung by rung) and on spot
    if (RUNS >= 1000) {
      const placing = new Set(Object.values(ORDER_PATHS));
      expect([...seen.paths].filter((p) => placing.has(p)).sort()).toEqual([...placing].sort());
      expect(ladder.signed.perp).toBeGreaterThan(0);
      expect(ladder.signed.spot).toBeGreaterThan(0);
      // resting orders were changed and cancelled along the way, and stop-loss legs cancelled
      expect(changes.counts.modified).toBeGreaterThan(0);
      expect(changes.counts.cancelled).toBeGreaterThan(0);
      expect(changes.counts.legsCancelled).toBeGreaterThan(0);
      // and stop-loss legs moved, toward the price at once and away from it once confirmed
      expect(changes.counts.stopLossMoved.toward).toBeGreaterThan(0);
      expect(changes.counts.stopLossMoved.away).toBeGreaterThan(0);
      // presses of one intention sent one order; sizes beyond the book were said as such
      expect(intentions.seen.oncePressedOften).toBeGreaterThan(0);
      expect(intentions.seen.beyondBook).toBeGreaterThan(0);
    }
    expect(seen.declinedOrAsked).toBeGreaterThan(RUNS / 20);
    console.log(
      `ticket model: ${String(RUNS)} sequences, ${String(seen.sent)} orders signed, ${String(seen.declinedOrAsked)} questions, ${JSON.stringify(changes.counts)}, ${String(Math.round(seen.ms))} ms`,
    );
  });
});
