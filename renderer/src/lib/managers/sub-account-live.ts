/**
 * A sub-account's balances on the Sub-accounts screen follow its own key's socket: main merges the
 * pushes and sends the whole state (`known.pushed`); the screen shows it as it is, never applying a
 * push's change again. Main merges a push only into a state it has read, so the screen has main read
 * the balances of the accounts it follows once when main has none yet.
 */
import type { KnownPushedView, SubAccountBalanceView } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import { addDecimal } from '../format/exact.ts';
import { recall } from './known.svelte.ts';

type Balances = NonNullable<SubAccountBalanceView['balances']>;
const ZERO = /^-?0*(\.0*)?$/;

/**
 * The balances shown with the spot column (available plus held) and the collateral column from main's
 * merged state; undefined when it changed neither. A ticker not shown yet is added when it holds
 * something.
 */
export function withMerged(balances: Balances, values: KnownPushedView['values']): Balances | undefined {
  const spot = values['balances.spot'];
  const collateral = values['collateral.overview']?.balances ?? values['balances.collateral'];
  if (!spot && !collateral) return undefined;
  const spotOf = (t: string) => {
    const b = spot?.[t];
    return b ? addDecimal(b.available, b.freeze) : '0';
  };
  const out: Balances = { ...balances };
  const tickers = new Set([
    ...Object.keys(balances),
    ...Object.keys(spot ?? {}),
    ...Object.keys(collateral ?? {}),
  ]);
  for (const ticker of tickers) {
    const [first, ...rest] = balances[ticker] ?? [];
    const line = { main: '0', spot: '0', collateral: '0', ...first };
    if (spot) line.spot = spotOf(ticker);
    if (collateral) line.collateral = collateral[ticker] ?? '0';
    if (!first && ZERO.test(line.spot) && ZERO.test(line.collateral)) continue;
    out[ticker] = [line, ...rest];
  }
  return out;
}

/** Has main read the spot and collateral balances of the accounts it has none of (their own keys). */
export async function readMissingBases(api: TxcApi, accountIds: readonly string[]): Promise<void> {
  if (accountIds.length === 0) return;
  const [spot, collateral] = await Promise.all([
    recall(api, 'balances.spot', accountIds),
    recall(api, 'collateral.overview', accountIds),
  ]);
  await Promise.all(
    accountIds.flatMap((accountId) => [
      ...(spot[accountId] ? [] : [api.balances.spot({ accountId })]),
      ...(collateral[accountId] ? [] : [api.positions.collateral({ accountId })]),
    ]),
  );
}
