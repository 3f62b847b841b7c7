/**
 * One board read of an account: its spot and collateral balances, open positions and every page of
 * its open orders, on its own key as background work. A part that fails leaves the others; the key's
 * state and the first problem are said in words.
 */
import * as collateral from '../../exchange/endpoints/collateral.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import { AuthError } from '../../exchange/errors.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { KeyStateView, OrderView, PositionView } from '../../ipc/contract.ts';
import { userFacing } from '../../ipc/user-facing.ts';
import type { AccountService } from '../accounts.ts';
import { openPositions } from '../positions.ts';
import type { CollateralBalances, SpotBalances } from './board-rows.ts';

/** The exchange lists at most this many open orders per page. */
const ORDERS_PAGE = 100;

export interface Reading {
  account: string;
  atMs: number;
  spot?: SpotBalances;
  collateral?: CollateralBalances;
  orders?: OrderView[];
  positions?: PositionView[];
  key: KeyStateView;
  problem?: string;
  realized?: string;
}

function keyStateOf(error: unknown): KeyStateView | undefined {
  if (!(error instanceof AuthError)) return undefined;
  return /not allowed/i.test(error.message) ? 'missing_permission' : 'revoked';
}

export async function readAccount(
  accounts: AccountService,
  account: string,
  atMs: number,
): Promise<{ reading: Reading; requests: number }> {
  const reading: Reading = { account, atMs, key: 'valid' };
  let requests = 0;
  let caller: KeyCaller;
  try {
    caller = (await accounts.caller(account)).inBackground();
  } catch (error) {
    reading.key = 'unknown';
    reading.problem = userFacing(error)?.message ?? 'The key of this account could not be read.';
    return { reading, requests };
  }
  const attempt = async (work: () => Promise<void>): Promise<void> => {
    try {
      await work();
    } catch (error) {
      const state = keyStateOf(error);
      if (state && reading.key !== 'revoked') reading.key = state;
      reading.problem ??= userFacing(error)?.message ?? 'Part of this account could not be read.';
    }
  };
  await Promise.all([
    attempt(async () => {
      requests += 1;
      reading.spot = await trading.tradeBalance(caller);
    }),
    attempt(async () => {
      requests += 1;
      reading.collateral = await collateral.collateralBalance(caller);
    }),
    attempt(async () => {
      requests += 1;
      reading.positions = await openPositions(caller);
    }),
    attempt(async () => {
      const orders: OrderView[] = [];
      for (let offset = 0; ; offset += ORDERS_PAGE) {
        requests += 1;
        const page = await trading.activeOrders(caller, { limit: ORDERS_PAGE, offset });
        orders.push(...page);
        if (page.length < ORDERS_PAGE || offset + ORDERS_PAGE > 10_000) break;
      }
      reading.orders = orders;
    }),
  ]);
  return { reading, requests };
}
