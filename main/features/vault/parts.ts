/**
 * The vault's parts of every account's history sync: finished orders, closed positions, funding,
 * converts and deposits/withdrawals for each account, and on a main account the transfers of each
 * of its sub-accounts. Each reads from the exchange's horizon (less a margin) on its first run, from
 * where it stopped afterwards, into the run's sink (the cache, or the team store under the lease).
 */
import { HORIZON_S } from '../../sync/deals.ts';
import type { SyncPart, SyncPartContext } from '../../services/history.ts';
import { runStream, type StreamSource } from './jobs/stream.ts';
import { runWindowed, type JobOptions, type WindowedSource } from './jobs/windowed.ts';
import {
  closedPnlSource,
  convertsSource,
  fundingSource,
  ordersSource,
  transfersSource,
  walletSource,
} from './jobs/sources.ts';

/** How far inside the exchange's six months the first run starts: a window at the very edge is refused. */
export const HORIZON_MARGIN_S = 3600;

export interface PartsOptions {
  /** The exchange ids of a main account's registered sub-accounts. */
  subAccountsOf(mainAccount: string): string[];
  /** Unix seconds now (tests turn it). */
  now?: () => number;
}

function jobOptions(c: SyncPartContext, now: number): JobOptions {
  return {
    sink: c.sink,
    caller: c.caller,
    account: c.account,
    horizon: now - HORIZON_S + HORIZON_MARGIN_S,
    now,
    signal: c.signal,
  };
}

export function vaultParts(options: PartsOptions): SyncPart[] {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const windowed = (name: string, source: WindowedSource): SyncPart => ({
    name,
    run: (c) => runWindowed(source, jobOptions(c, now())),
  });
  const stream = (name: string, source: StreamSource): SyncPart => ({
    name,
    run: (c) => runStream(source, jobOptions(c, now())),
  });
  return [
    windowed('orders', ordersSource),
    windowed('closed_pnl', closedPnlSource),
    stream('funding', fundingSource),
    windowed('converts', convertsSource),
    stream('wallet', walletSource),
    {
      name: 'transfers',
      run: async (c) => {
        if (c.kind !== 'main') return;
        for (const sub of options.subAccountsOf(c.account))
          await runStream(transfersSource(sub), jobOptions(c, now()));
      },
    },
  ];
}
