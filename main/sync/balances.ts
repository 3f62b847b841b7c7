/**
 * Balance snapshots for one account: main, trade and collateral balances and the withdrawable
 * figures, each stored as it was answered, so the desk can read them offline with their age.
 * A balance the key may not read (sub-account key restrictions) is skipped, not an error.
 */
import type { HistorySink } from './sink.ts';
import * as collateral from '../exchange/endpoints/collateral.ts';
import * as mainAccount from '../exchange/endpoints/main-account.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import * as trading from '../exchange/endpoints/trading.ts';
import { AuthError } from '../exchange/errors.ts';

type Entry = { ticker: string; field: string; amount: string };
type Kind = 'main' | 'trade' | 'collateral' | 'withdrawable';

const nonZero = (e: Entry) => !/^0(\.0+)?$/.test(e.amount);

/** The entries a main-balance answer is stored as: both figures per currency, zero ones left out. */
export function mainBalanceEntries(
  balances: Record<string, { main_balance: string; pending_deposit_amount: string }>,
): Entry[] {
  return Object.entries(balances)
    .flatMap(([ticker, b]) => [
      { ticker, field: 'main_balance', amount: b.main_balance },
      { ticker, field: 'pending_deposit_amount', amount: b.pending_deposit_amount },
    ])
    .filter(nonZero);
}

const READERS: Record<Kind, (c: KeyCaller) => Promise<Entry[]>> = {
  main: async (c) => mainBalanceEntries(await mainAccount.balance(c)),
  trade: async (c) =>
    Object.entries(await trading.tradeBalance(c)).flatMap(([ticker, b]) => [
      { ticker, field: 'available', amount: b.available },
      { ticker, field: 'freeze', amount: b.freeze },
    ]),
  collateral: async (c) =>
    Object.entries(await collateral.collateralBalance(c)).map(([ticker, amount]) => ({
      ticker,
      field: 'balance',
      amount,
    })),
  withdrawable: async (c) => {
    const w = await mainAccount.withdrawableBalance(c);
    return [
      { ticker: '*', field: 'totalBalanceStable', amount: w.totalBalanceStable },
      { ticker: '*', field: 'lockedBalanceStable', amount: w.lockedBalanceStable },
      { ticker: '*', field: 'availableBalanceStable', amount: w.availableBalanceStable },
      ...Object.entries(w.assets).map(([ticker, amount]) => ({ ticker, field: 'free', amount })),
    ];
  },
};

/** Takes one snapshot of each balance kind; returns the kinds stored. */
export async function snapshotBalances(options: {
  cache: HistorySink;
  caller: KeyCaller;
  account: string;
  now?: () => number;
}): Promise<Kind[]> {
  const stored: Kind[] = [];
  for (const kind of Object.keys(READERS) as Kind[]) {
    let entries: Entry[];
    try {
      entries = await READERS[kind](options.caller);
    } catch (error) {
      if (error instanceof AuthError) continue;
      throw error;
    }
    // Zero balances of every listed asset say nothing; the withdrawable totals are kept whatever they are.
    const kept = kind === 'withdrawable' ? entries : entries.filter(nonZero);
    await options.cache.balances.record({
      account: options.account,
      kind,
      takenAtMs: (options.now ?? Date.now)(),
      entries: kept,
    });
    stored.push(kind);
  }
  return stored;
}
