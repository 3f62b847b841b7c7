/**
 * What a sub-account still holds, the app's rule before it is deleted (what the exchange does with a
 * funded sub-account is not documented): its balances read with the main key, and its open orders
 * and positions with its own key where the desk has it. And the one-click sweep that empties it into
 * the main account: cancel its orders, move its spot and collateral balances to its main balance
 * (its own key), then everything to the main account (the main key), confirmed once.
 */
import * as collateral from '../../exchange/endpoints/collateral.ts';
import * as mainAccount from '../../exchange/endpoints/main-account.ts';
import * as subAccounts from '../../exchange/endpoints/sub-accounts.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import { UserFacingError } from '../../errors.ts';
import { itemFailure } from '../../readable-errors.ts';
import type { HoldingsView, SweepToMainView } from '../../views/subaccounts.ts';
import type { Platform } from '../../platform.ts';
import { Dec } from '../../rules/decimal.ts';
import type { AccountRecord } from '../../vault/registry.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import { registeredFor } from './main-key.ts';

/** The smallest amount a transfer moves: less is dust that no transfer can take out. */
const MOVABLE = new Dec('0.00000001');
const PLACES = 8;

/** The registered account with a key that signs for this sub-account, if the desk has one. */
export function keyOf(accounts: AccountService, subAccountId: string): AccountRecord | undefined {
  const main = accounts.mainAccount('its sub-accounts are managed with its key.');
  return registeredFor(accounts, subAccountId, main.connection).find((a) => a.apiKey !== '');
}

const movable = (amount: string): Dec => new Dec(amount).toDecimalPlaces(PLACES, Dec.ROUND_DOWN);

export async function readHoldings(
  accounts: AccountService,
  main: KeyCaller,
  sub: { subAccountId: string; alias: string },
): Promise<HoldingsView> {
  const all = await subAccounts.balances(main, { id: sub.subAccountId });
  const balances = Object.entries(all)
    .map(([ticker, rows]) => ({
      ticker,
      main: rows[0]?.main ?? '0',
      spot: rows[0]?.spot ?? '0',
      collateral: rows[0]?.collateral ?? '0',
    }))
    .filter((b) => [b.main, b.spot, b.collateral].some((x) => movable(x).gte(MOVABLE)));
  const own = keyOf(accounts, sub.subAccountId);
  let openOrders: number | null = null;
  let openPositions: number | null = null;
  if (own && own.exchangeStatus !== 'blocked') {
    try {
      const caller = await accounts.caller(own.id);
      openOrders = (await trading.allActiveOrders(caller)).length;
      openPositions = (await collateral.openPositions(caller)).length;
    } catch {
      // unknown: the balances alone decide, and the words say the orders were not read
    }
  }
  const reasons: string[] = [];
  for (const b of balances) {
    const parts = (['main', 'spot', 'collateral'] as const)
      .filter((k) => movable(b[k]).gte(MOVABLE))
      .map((k) => `${b[k]} ${b.ticker} on its ${k === 'spot' ? 'spot (trade)' : k} balance`);
    reasons.push(...parts);
  }
  if (openOrders) reasons.push(`${String(openOrders)} open order${openOrders === 1 ? '' : 's'}`);
  if (openPositions) reasons.push(`${String(openPositions)} open position${openPositions === 1 ? '' : 's'}`);
  const sweepBlockers: string[] = [];
  if (openPositions) sweepBlockers.push('Close its positions first: a sweep does not close positions.');
  const needsOwnKey = balances.some(
    (b) => movable(b.spot).gte(MOVABLE) || movable(b.collateral).gte(MOVABLE),
  );
  if (needsOwnKey && !own)
    sweepBlockers.push(
      'Its spot and collateral balances move only with its own key: register its key on the desk (Accounts) first.',
    );
  if (own?.exchangeStatus === 'blocked' && needsOwnKey)
    sweepBlockers.push(
      'It is blocked, so its own key cannot move its spot and collateral balances: unblock it first.',
    );
  return {
    subAccountId: sub.subAccountId,
    alias: sub.alias,
    balances,
    openOrders,
    openPositions,
    empty: reasons.length === 0,
    reasons,
    sweepBlockers,
    ordersKnown: openOrders !== null,
  };
}

/** Empties the sub-account into the main account once confirmed; answers what moved and what failed. */
export async function sweepToMain(
  accounts: AccountService,
  platform: Platform,
  main: { record: AccountRecord; caller: KeyCaller },
  holdings: HoldingsView,
): Promise<SweepToMainView> {
  if (holdings.empty)
    throw new UserFacingError('invalid_input', `Sub-account "${holdings.alias}" holds nothing to sweep.`);
  if (holdings.sweepBlockers.length > 0)
    throw new UserFacingError('sweep_blocked', holdings.sweepBlockers.join(' '), 'subAccountId');
  await requireConfirmation(platform, {
    title: `Sweep everything "${holdings.alias}" holds to the main account?`,
    facts: [
      { label: 'Sub-account', value: `${holdings.alias} (id ${holdings.subAccountId})` },
      ...holdings.balances.map((b) => ({
        label: b.ticker,
        value: `main ${b.main}, spot ${b.spot}, collateral ${b.collateral}`,
      })),
      {
        label: 'Open orders',
        value: holdings.openOrders ? `${String(holdings.openOrders)}, cancelled first` : 'none',
      },
      { label: 'To', value: `${main.record.label}, main balance` },
    ],
    action: 'Sweep to main',
    warning: 'Its open orders are cancelled, and every movable amount leaves the sub-account.',
  });
  const out: SweepToMainView = { cancelled: 0, moved: [], failed: [] };
  const fail = (ticker: string, step: string, error: unknown) =>
    out.failed.push({
      ticker,
      step,
      error: itemFailure(error, 'The move failed in the app.'),
    });
  const own = keyOf(accounts, holdings.subAccountId);
  if (own) {
    const caller = await accounts.caller(own.id);
    for (const order of await trading.allActiveOrders(caller)) {
      try {
        await trading.cancelOrder(caller, { market: order.market, orderId: order.orderId });
        out.cancelled += 1;
      } catch (error) {
        fail(order.market, 'cancel', error);
      }
    }
    const now = await subAccounts.balances(main.caller, { id: holdings.subAccountId });
    for (const [ticker, rows] of Object.entries(now)) {
      for (const from of ['spot', 'collateral'] as const) {
        const amount = movable(rows[0]?.[from] ?? '0');
        if (amount.lt(MOVABLE)) continue;
        try {
          await mainAccount.transferBetweenBalances(caller, {
            from,
            to: 'main',
            ticker,
            amount: amount.toFixed(),
          });
        } catch (error) {
          fail(ticker, from, error);
        }
      }
    }
  }
  const last = await subAccounts.balances(main.caller, { id: holdings.subAccountId });
  for (const [ticker, rows] of Object.entries(last)) {
    const amount = movable(rows[0]?.main ?? '0');
    if (amount.lt(MOVABLE)) continue;
    try {
      const transactionId = await subAccounts.transfer(main.caller, {
        id: holdings.subAccountId,
        direction: 'sub_to_main',
        amount: amount.toFixed(),
        ticker,
      });
      out.moved.push({
        ticker,
        amount: amount.toFixed(),
        ...(transactionId === undefined ? {} : { transactionId }),
      });
    } catch (error) {
      fail(ticker, 'transfer', error);
    }
  }
  return out;
}
