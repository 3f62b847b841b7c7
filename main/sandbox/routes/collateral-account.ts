/**
 * The collateral account per asset (`collateral-account/balance-summary`: balance, what open
 * positions borrowed, what is free without and with borrowing) and closing a position at market
 * (`collateral-account/position/close`): a reduce-only market order of the whole position in the
 * other direction, through the collateral market order's path, so its PnL is booked as any close
 * and its take-profit and stop-loss legs end with it.
 */
import { Decimal } from 'decimal.js';
import type { Positions } from '../collateral/positions.ts';
import type { Engine } from '../engine/engine.ts';
import { fieldError, tradeError } from '../http/errors.ts';
import { optInt, optString } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { collateralBalance } from '../ledger.ts';
import type { SandboxState } from '../state.ts';
import { collateralMarket, placeCollateralMarket } from './collateral.ts';

const SIDES = ['LONG', 'SHORT', 'BOTH'] as const;
const dp8 = (d: Decimal) => d.toDecimalPlaces(8).toFixed();

export function collateralAccountRoutes(
  state: SandboxState,
  engine: Engine,
  positions: Positions,
): PrivateRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v4/collateral-account/balance-summary',
      group: 'history',
      handler: ({ account, body }) => {
        const ticker = optString(body, 'ticker');
        if (ticker !== undefined && !state.assets.has(ticker))
          throw fieldError('ticker', 'ticker is invalid.');
        const borrowed = new Map<string, Decimal>();
        for (const p of positions.of(account.id))
          if (p.borrow?.status === 'active')
            borrowed.set(
              p.borrow.asset,
              (borrowed.get(p.borrow.asset) ?? new Decimal(0)).plus(p.borrow.amount),
            );
        // margin is held in the quote currency (USDT): what is free of it is the balance less that margin
        const free = (t: string) =>
          Decimal.max(0, t === 'USDT' ? positions.freeMargin(account, t) : collateralBalance(account, t));
        return [...state.assets.keys()]
          .filter((t) => ticker === undefined || t === ticker)
          .map((t) => ({
            asset: t,
            balance: dp8(collateralBalance(account, t)),
            borrow: dp8(borrowed.get(t) ?? new Decimal(0)),
            availableWithoutBorrow: dp8(free(t)),
            availableWithBorrow: dp8(free(t).times(account.leverage)),
          }));
      },
    },
    {
      method: 'POST',
      path: '/api/v4/collateral-account/position/close',
      group: 'orders',
      handler: ({ account, body }) => {
        const positionId = optInt(body, 'positionId', 1);
        if (positionId === undefined) throw fieldError('positionId', 'The positionId field is required.');
        const side = optString(body, 'positionSide');
        if (side !== undefined && !(SIDES as readonly string[]).includes(side))
          throw fieldError('positionSide', 'The selected positionSide is invalid.');
        const m = collateralMarket(state, account, body);
        // an unknown, closed or another account's position: one answer, as published
        const p = positions
          .of(account.id)
          .find(
            (x) =>
              x.positionId === positionId && x.market === m.name && (side === undefined || side === x.side),
          );
        if (!p || p.amount.isZero()) throw tradeError(104, 'positionId', 'Position not found.');
        const closing = {
          market: m.name,
          side: p.amount.isPos() ? 'sell' : 'buy',
          amount: p.amount.abs().toFixed(),
          reduceOnly: true,
          ...(account.hedgeMode ? { positionSide: p.side } : {}),
        };
        // what the book cannot fill now stays open, as a market order against an empty book leaves it
        placeCollateralMarket(state, engine, positions, account, closing);
        return {};
      },
    },
  ];
}
