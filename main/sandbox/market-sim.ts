/**
 * The simulated market: a seeded ladder of background liquidity around each market's price, a seeded
 * price walk in fixed steps of server time (the ladder follows it and one small trade prints), mark
 * prices, funding every 8 hours, margin calls and liquidations.
 */
import { Decimal } from 'decimal.js';
import type { Positions } from './collateral/positions.ts';
import { effectiveLeverage, liquidationPrice } from './collateral/positions.ts';
import type { Engine } from './engine/engine.ts';
import { toUnits } from './engine/units.ts';
import { createRng } from './rng.ts';
import type { Rng } from './rng.ts';
import type { MarketDef, SandboxState } from './state.ts';

/** Owner id of the background liquidity; not an account, so it has no balances to check. */
export const LIQUIDITY_OWNER = 'liquidity';
export const LADDER_LEVELS = 10;
/** Distance between ladder levels as a share of the price. */
export const LADDER_STEP = new Decimal('0.001');
/** Standard deviation-like size of one walk step, as a share of the price. */
export const WALK_SIZE = 0.0005;
export const FUNDING_PERIOD_MS = 8 * 3600 * 1000;
/** At most this many steps are simulated when catching up after a long pause. */
export const MAX_CATCH_UP = 200;
/** A position within this share of its liquidation price gets the margin_call state. */
export const MARGIN_CALL_BAND = new Decimal('0.02');

function roundTo(value: Decimal, step: string, decimals: number): Decimal {
  const d = value.toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  if (!step) return d;
  return d.div(step).floor().times(step);
}

export function placeLadder(engine: Engine, m: MarketDef, mid: Decimal, rng: Rng): void {
  const minQty = Decimal.max(new Decimal(m.minAmount), new Decimal(m.minTotal).div(mid)).times(4);
  for (let i = 1; i <= LADDER_LEVELS; i++) {
    for (const side of ['buy', 'sell'] as const) {
      const offset = LADDER_STEP.times(i);
      const price = roundTo(
        side === 'buy' ? mid.times(Decimal.sub(1, offset)) : mid.times(offset.plus(1)),
        m.tickSize,
        m.moneyPrec,
      );
      const qty = roundTo(minQty.times(1 + rng.int(20)), m.stepSize, m.stockPrec);
      if (price.lte(0) || qty.lte(0)) continue;
      engine.place({
        owner: LIQUIDITY_OWNER,
        market: m.name,
        side,
        type: 'limit',
        amount: toUnits(qty, m.stockPrec),
        price: toUnits(price, m.moneyPrec),
      });
    }
  }
}

export function seedLiquidity(state: SandboxState, engine: Engine): void {
  for (const m of state.markets.values()) placeLadder(engine, m, new Decimal(m.basePrice), state.rng);
}

export class MarketSim {
  readonly mids = new Map<string, Decimal>();
  readonly stepMs: number;
  lastStep: number;
  private readonly rng: Rng;
  private readonly state: SandboxState;
  private readonly engine: Engine;
  private readonly positions: Positions;

  constructor(state: SandboxState, engine: Engine, positions: Positions, seed: number, stepMs: number) {
    this.state = state;
    this.engine = engine;
    this.positions = positions;
    this.stepMs = stepMs;
    this.rng = createRng((seed ^ 0x5eed1e55) >>> 0);
    this.lastStep = state.now();
    for (const m of state.markets.values()) this.mids.set(m.name, new Decimal(m.basePrice));
  }

  snapshot(): { mids: Map<string, Decimal>; lastStep: number; rng: number } {
    return { mids: this.mids, lastStep: this.lastStep, rng: this.rng.save() };
  }

  restore(snap: { mids: Map<string, Decimal>; lastStep: number; rng: number }): void {
    for (const [k, v] of snap.mids) this.mids.set(k, v);
    this.lastStep = snap.lastStep;
    this.rng.load(snap.rng);
  }

  /** Runs the steps due at server time `now`. */
  advance(now: number): void {
    if (now - this.lastStep < this.stepMs) return;
    let steps = Math.floor((now - this.lastStep) / this.stepMs);
    if (steps > MAX_CATCH_UP) {
      // skipped steps still owe their funding
      const skippedTo = this.lastStep + (steps - MAX_CATCH_UP) * this.stepMs;
      this.settleMargins(this.lastStep, skippedTo);
      this.lastStep = skippedTo;
      steps = MAX_CATCH_UP;
    }
    for (let i = 0; i < steps; i++) {
      const before = this.lastStep;
      this.lastStep += this.stepMs;
      this.step(before, this.lastStep);
    }
  }

  /** Moves one market to a price now (tooling and tests), then settles marks and margins. */
  setPrice(market: string, price: Decimal): void {
    const m = this.state.markets.get(market);
    if (!m) return;
    this.mids.set(market, price);
    this.reprice(m, price);
    this.settleMargins(this.lastStep, this.lastStep);
  }

  private step(from: number, to: number): void {
    for (const m of this.state.markets.values()) {
      if (this.state.maintenance.has(m.name)) continue;
      const mid = this.mids.get(m.name) ?? new Decimal(m.basePrice);
      const move = (this.rng.next() + this.rng.next() + this.rng.next() - 1.5) * 2 * WALK_SIZE;
      const next = mid.times(1 + move);
      this.mids.set(m.name, next);
      this.reprice(m, next);
    }
    this.settleMargins(from, to);
  }

  private reprice(m: MarketDef, mid: Decimal): void {
    for (const o of this.engine.openOrders(LIQUIDITY_OWNER)) if (o.market === m.name) this.engine.cancel(o);
    placeLadder(this.engine, m, mid, this.rng);
    // one small print so the last price follows the walk
    const side = this.rng.next() < 0.5 ? 'buy' : 'sell';
    const best = this.engine.book(m.name).best(side === 'buy' ? 'sell' : 'buy');
    if (best !== null) {
      this.engine.place({
        owner: LIQUIDITY_OWNER,
        market: m.name,
        side,
        type: 'limit',
        amount: toUnits(m.minAmount, m.stockPrec),
        price: best,
        ioc: true,
      });
    }
    if (m.type === 'futures')
      this.state.markPrices.set(m.name, {
        price: roundTo(mid, m.tickSize, m.moneyPrec).toFixed(),
        at: this.state.now(),
      });
  }

  private settleMargins(from: number, to: number): void {
    const periods = Math.floor(to / FUNDING_PERIOD_MS) - Math.floor(from / FUNDING_PERIOD_MS);
    if (periods > 0)
      for (const m of this.state.markets.values())
        if (m.type === 'futures')
          this.positions.book.settle(
            m.name,
            this.mids.get(m.name) ?? new Decimal(m.basePrice),
            new Decimal(m.fundingRate).times(periods),
            this.state.now(),
            FUNDING_PERIOD_MS,
          );
    for (const p of [...this.positions.open.values()]) {
      const m = this.state.markets.get(p.market);
      const acc = this.state.accounts.get(p.accountId);
      const mark = this.mids.get(p.market);
      if (!m || !acc || !mark) continue;
      if (periods > 0 && m.type === 'futures')
        this.positions.applyFunding(p, mark, new Decimal(m.fundingRate).times(periods));
      const liq = liquidationPrice(p, effectiveLeverage(acc, m));
      if (liq === null) continue;
      const l = new Decimal(liq);
      const long = p.amount.isPos();
      if (long ? mark.lte(l) : mark.gte(l)) {
        for (const o of this.engine.openOrders(acc.id)) {
          if (o.collateral && o.market === p.market && (o.positionSide ?? 'BOTH') === p.side)
            this.engine.finish(o, m, 'AUTO_CANCELED_LIQUIDATION');
        }
        this.positions.liquidate(p, mark);
        continue;
      }
      const band = l.times(long ? MARGIN_CALL_BAND.plus(1) : Decimal.sub(1, MARGIN_CALL_BAND));
      const call = long ? mark.lte(band) : mark.gte(band);
      if (call && p.liquidationState !== 'margin_call') this.positions.noteMarginEvent('margin_call', p);
      p.liquidationState = call ? 'margin_call' : null;
    }
    this.positions.closed.length = 0;
  }
}
