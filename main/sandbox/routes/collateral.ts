/** Collateral trading: market orders with position side, reduce-only, OTO legs; leverage; hedge mode. */
import { Decimal } from 'decimal.js';
import type { Positions } from '../collateral/positions.ts';
import { effectiveLeverage, liquidationPrice as liquidationPriceOf } from '../collateral/positions.ts';
import type { Engine } from '../engine/engine.ts';
import type { Order, PositionSide, TpSlKind } from '../engine/order.ts';
import { reduceOnlyEnd } from '../engine/order.ts';
import { collateralOrderAnswer } from './order-answers.ts';
import { fromUnits, toUnits } from '../engine/units.ts';
import { ApiError, fieldError, tradeError, validationError } from '../http/errors.ts';
import { fmt, optBool, optString } from '../http/fields.ts';
import type { Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { collateralBalance, notEnough } from '../ledger.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import {
  checkAmount,
  checkPrice,
  clientOrderId,
  duplicateClientOrderId,
  marketUnavailable,
  side,
  spotMarket,
  stp,
} from './order-rules.ts';

export const LEVERAGES = [1, 2, 3, 5, 10, 20, 50, 100];
export const TRADFI_RESTRICTED = 'api.tradeErrors.tradFi.restricted';

export function collateralMarket(state: SandboxState, account: Account, body: Body): MarketDef {
  const m = spotMarket(state, body);
  if (!m.isCollateral && m.type !== 'futures')
    throw marketUnavailable('Market is not available for collateral trading.');
  if (m.isTradFiFutures && (!account.tradFi || !state.regions.get(account.region)?.tradFiAssigned))
    throw new ApiError(422, { code: 0, message: TRADFI_RESTRICTED, errors: {} });
  return m;
}

function positionSideOf(account: Account, body: Body, s: 'buy' | 'sell', reduceOnly: boolean): PositionSide {
  const raw = body['positionSide'];
  if (raw !== undefined && raw !== null && raw !== 'LONG' && raw !== 'SHORT' && raw !== 'BOTH')
    throw fieldError('positionSide', 'The selected positionSide is invalid.');
  if (!account.hedgeMode) return 'BOTH';
  const ps = raw as PositionSide | undefined;
  const opens: PositionSide = s === 'buy' ? 'LONG' : 'SHORT';
  const reduces: PositionSide = s === 'buy' ? 'SHORT' : 'LONG';
  if (ps === undefined || ps === 'BOTH' || ps !== (reduceOnly ? reduces : opens))
    throw tradeError(114, 'positionSide', 'Position side does not match the hedge mode position.');
  return ps;
}

/**
 * Whether a reduce-only order can still close its position: the position is open, on the other side
 * of the order, and (for a TP/SL leg) still the position the leg was placed on, not one opened since.
 */
function stillCloses(positions: Positions, o: Order): boolean {
  if (positions.closable(o) <= 0n) return false;
  if (o.positionId === undefined) return true;
  return positions.get(o.owner, o.market, o.positionSide ?? 'BOTH')?.positionId === o.positionId;
}

/**
 * After positions changed: a reduce-only order (a TP/SL leg or any other, waiting or resting) that can
 * no longer close its position, because the position closed or reversed, ends as the exchange ends it
 * (a leg canceled, any other auto-canceled); a resting one is cut to what is left of its position, so
 * a later fill cannot flip it.
 */
export function sweepClosed(engine: Engine, positions: Positions): void {
  const owners = new Set(positions.changed);
  for (const c of positions.closed) owners.add(c.accountId);
  positions.closed.length = 0;
  positions.changed.clear();
  for (const owner of owners) {
    for (const o of engine.openOrders(owner)) {
      if (!o.collateral || !o.reduceOnly || o.quoteAmount) continue;
      if (!stillCloses(positions, o)) {
        engine.finish(o, engine.market(o.market), reduceOnlyEnd(o));
        continue;
      }
      const resting = o.activationPrice === null || o.activated;
      const room = positions.closable(o);
      if (resting && o.left > room) {
        o.amount -= o.left - room;
        o.left = room;
      }
    }
  }
}

/** The TP/SL of a position as `positions/open` lists it; a side without a leg is null. */
/** The legs waiting on a position: a kind without a leg is left out (the published fields are never null). */
export interface TpSlPair {
  takeProfitId?: number;
  takeProfit?: string;
  stopLossId?: number;
  stopLoss?: string;
}

/**
 * The take-profit / stop-loss legs waiting on a position, as the exchange lists them: one of each kind
 * (the newest, when pairs were added one after another); null when it has none.
 */
export function tpslOf(
  engine: Engine,
  positions: Positions,
  position: { accountId: string; market: string; side: PositionSide },
): TpSlPair | null {
  const m = engine.market(position.market);
  const legs = engine
    .openOrders(position.accountId)
    .filter(
      (o) =>
        o.tpsl &&
        o.market === position.market &&
        (o.positionSide ?? 'BOTH') === position.side &&
        !o.activated &&
        stillCloses(positions, o),
    )
    .sort((a, b) => b.id - a.id);
  const tp = legs.find((o) => o.tpsl === 'take_profit');
  const sl = legs.find((o) => o.tpsl === 'stop_loss');
  if (!tp && !sl) return null;
  const price = (o: NonNullable<typeof tp>) => fromUnits(o.activationPrice ?? 0n, m.moneyPrec);
  return {
    ...(tp ? { takeProfitId: tp.id, takeProfit: price(tp) } : {}),
    ...(sl ? { stopLossId: sl.id, stopLoss: price(sl) } : {}),
  };
}

export function placeCollateralMarket(
  state: SandboxState,
  engine: Engine,
  positions: Positions,
  account: Account,
  body: Body,
): Order {
  const m = collateralMarket(state, account, body);
  const s = side(body);
  let amount = checkAmount(m, body['amount']);
  const cid = clientOrderId(body);
  const stpMode = stp(body);
  const reduceOnly = optBool(body, 'reduceOnly') ?? false;
  const stopLoss = body['stopLoss'] === undefined ? undefined : checkPrice(m, 'stopLoss', body['stopLoss']);
  const takeProfit =
    body['takeProfit'] === undefined ? undefined : checkPrice(m, 'takeProfit', body['takeProfit']);
  if (reduceOnly && (stopLoss || takeProfit))
    throw validationError({ reduceOnly: ['stopLoss and takeProfit cannot be combined with reduceOnly.'] });
  const ps = positionSideOf(account, body, s, reduceOnly);
  const last = new Decimal(state.lastPrices.get(m.name) || m.basePrice);
  if (reduceOnly) {
    const pos = positions.get(account.id, m.name, ps);
    if (!pos || pos.amount.isZero() || pos.amount.isPos() === (s === 'buy'))
      throw tradeError(116, 'reduceOnly', 'No open position to reduce on this side.');
    amount = Decimal.min(amount, pos.amount.abs());
  } else {
    const need = amount.times(last).div(effectiveLeverage(account, m)).times('1.002');
    if (need.gt(positions.freeMargin(account, m.money))) throw notEnough();
  }
  if (cid && engine.clientOrderIdTaken(account.id, m.name, cid)) throw duplicateClientOrderId();
  const order = engine.place({
    owner: account.id,
    market: m.name,
    side: s,
    type: 'market',
    amount: toUnits(amount, m.stockPrec),
    clientOrderId: cid,
    stp: stpMode,
    collateral: true,
    positionSide: ps,
    reduceOnly,
  });
  if ((stopLoss || takeProfit) && order.dealStock > 0n) {
    const long = s === 'buy';
    const positionId = positions.get(account.id, m.name, ps)?.positionId;
    const legs: Array<[Decimal | undefined, boolean, TpSlKind]> = [
      [takeProfit, long, 'take_profit'],
      [stopLoss, !long, 'stop_loss'],
    ];
    for (const [price, above, kind] of legs) {
      if (!price) continue;
      engine.place({
        owner: account.id,
        market: m.name,
        side: long ? 'sell' : 'buy',
        type: 'stop market',
        amount: order.dealStock,
        activationPrice: toUnits(price, m.moneyPrec),
        collateral: true,
        positionSide: ps,
        reduceOnly: true,
        triggerAbove: above,
        otoId: order.id,
        tpsl: kind,
        ...(positionId === undefined ? {} : { positionId }),
        stp: stpMode,
      });
    }
    order.oto = {
      otoId: order.id,
      ...(stopLoss ? { stopLoss: fmt(stopLoss) } : {}),
      ...(takeProfit ? { takeProfit: fmt(takeProfit) } : {}),
    };
    // legs of an order that closed (or only reduced) the other side have no position to close
    positions.changed.add(account.id);
  }
  sweepClosed(engine, positions);
  engine.checkStops(m.name);
  return order;
}

export function collateralRoutes(state: SandboxState, engine: Engine, positions: Positions): PrivateRoute[] {
  /** `null`: the Limits table does not list the endpoint, so no limit applies. */
  const route = (
    path: string,
    handler: PrivateRoute['handler'],
    group: PrivateRoute['group'] | null = 'account',
  ): PrivateRoute => ({
    method: 'POST',
    path,
    handler,
    ...(group ? { group } : {}),
  });
  return [
    route(
      '/api/v4/order/collateral/market',
      ({ account, body }) => {
        const o = placeCollateralMarket(state, engine, positions, account, body);
        return collateralOrderAnswer(o, state.markets.get(o.market) as MarketDef, 'market');
      },
      'orders',
    ),
    route('/api/v4/collateral-account/leverage', ({ account, body }) => {
      const lev = body['leverage'];
      if (typeof lev !== 'number' || !LEVERAGES.includes(lev))
        throw validationError({ leverage: [`The leverage must be one of ${LEVERAGES.join(', ')}.`] });
      for (const p of positions.of(account.id)) {
        const m = state.markets.get(p.market) as MarketDef;
        if (lev > m.maxLeverage)
          throw validationError({
            leverage: [`The leverage is above the maximum ${m.maxLeverage} of ${m.name}.`],
          });
      }
      const previous = account.leverage;
      account.leverage = lev;
      if (positions.usedMargin(account).gt(collateralBalance(account, 'USDT'))) {
        account.leverage = previous;
        throw validationError({ leverage: ['Not enough funds for the margin of the new leverage.'] });
      }
      return { leverage: lev };
    }),
    route('/api/v4/collateral-account/hedge-mode', ({ account }) => ({ hedgeMode: account.hedgeMode }), null),
    route(
      '/api/v4/collateral-account/hedge-mode/update',
      ({ account, body }) => {
        const value = optBool(body, 'hedgeMode');
        if (value === undefined) throw fieldError('hedgeMode', 'The hedgeMode field is required.');
        if (value !== account.hedgeMode) {
          const busy =
            positions.of(account.id).length > 0 || engine.openOrders(account.id).some((o) => o.collateral);
          if (busy) throw fieldError('hedgeMode', 'Close all positions and orders before changing the mode.');
          account.hedgeMode = value;
        }
        return { hedgeMode: account.hedgeMode };
      },
      null,
    ),
    route(
      '/api/v4/collateral-account/balance',
      ({ account, body }) => {
        const ticker = optString(body, 'ticker');
        const tickers = ticker ? [ticker] : [...state.assets.keys()];
        // balances as JSON numbers, as the exchange answers this endpoint
        const out: Record<string, number> = {};
        for (const t of tickers) out[t] = Number(fmt(collateralBalance(account, t)));
        return out;
      },
      null,
    ),
    route(
      '/api/v4/collateral-account/summary',
      ({ account }) => {
        // USDT-margined: equity is the USDT collateral plus the open positions' unrealized result
        let pnl = new Decimal(0);
        for (const p of positions.of(account.id)) {
          const m = state.markets.get(p.market) as MarketDef;
          pnl = pnl.plus(
            new Decimal(state.lastPrices.get(p.market) || m.basePrice).minus(p.basePrice).times(p.amount),
          );
        }
        const equity = collateralBalance(account, 'USDT').plus(pnl);
        const margin = positions.usedMargin(account);
        return {
          equity: equity.toDecimalPlaces(8).toFixed(),
          margin: margin.toDecimalPlaces(8).toFixed(),
          freeMargin: Decimal.max(0, equity.minus(margin)).toDecimalPlaces(8).toFixed(),
          unrealizedFunding: '0',
          pnl: pnl.toDecimalPlaces(8).toFixed(),
          leverage: account.leverage,
          marginFraction: equity.isZero() ? '0' : margin.div(equity).toDecimalPlaces(4).toFixed(),
        };
      },
      null,
    ),
    route(
      '/api/v4/collateral-account/positions/open',
      ({ account, body }) => {
        const market = optString(body, 'market');
        const freeMargin = Decimal.max(0, positions.freeMargin(account)).toDecimalPlaces(8).toFixed();
        return positions
          .of(account.id)
          .filter((p) => !market || p.market === market)
          .map((p) => {
            const m = state.markets.get(p.market) as MarketDef;
            const lev = effectiveLeverage(account, m);
            const last = new Decimal(state.lastPrices.get(p.market) || m.basePrice);
            const margin = p.amount.abs().times(p.basePrice).div(lev);
            const pnl = last.minus(p.basePrice).times(p.amount);
            // as the exchange answers it: `funding` paid or received so far, `unrealizedFunding` what the
            // next change settles (the sandbox settles funding at each period: nothing is pending)
            return {
              positionId: p.positionId,
              market: p.market,
              openDate: p.openDate,
              modifyDate: p.modifyDate,
              amount: p.amount.toFixed(),
              basePrice: p.basePrice.toDecimalPlaces(8).toFixed(),
              liquidationPrice: liquidationPriceOf(p, lev),
              liquidationState: p.liquidationState,
              pnl: pnl.toDecimalPlaces(8).toFixed(),
              pnlPercent: margin.isZero() ? '0' : pnl.div(margin).times(100).toDecimalPlaces(2).toFixed(),
              margin: margin.toDecimalPlaces(8).toFixed(),
              freeMargin,
              funding: p.realizedFunding.toFixed(),
              unrealizedFunding: '0',
              tpsl: tpslOf(engine, positions, p),
              positionSide: p.side,
            };
          });
      },
      null,
    ),
  ];
}
