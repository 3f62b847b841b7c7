/**
 * What the vault reads of each history endpoint and how each answered item is kept: its kind, its
 * identity at the exchange, when it happened. Windowed endpoints (order history, closed positions,
 * converts) and offset-only ones (funding, deposits and withdrawals, sub-account transfers).
 */
import type { VaultKind, VaultRecord } from '../../../cache/index.ts';
import * as archive from '../../../exchange/endpoints/archive.ts';
import * as mainAccount from '../../../exchange/endpoints/main-account.ts';
import * as subAccounts from '../../../exchange/endpoints/sub-accounts.ts';
import * as trading from '../../../exchange/endpoints/trading.ts';
import type { StreamSource } from './stream.ts';
import type { WindowedSource } from './windowed.ts';

const DAY = 86_400;

/**
 * A vault job's checkpoint key: the account second, as every history job's (`deals:<account>`), so a
 * team store knows whose sync lease writes it.
 */
export const vaultJob = (kind: VaultKind, account: string, part?: string) =>
  `vault:${account}:${kind}${part ? `:${part}` : ''}`;

const item = <T>(account: string, kind: VaultKind, key: string, time: number, record: T): VaultRecord => ({
  account,
  kind,
  key,
  time: Math.max(0, Math.floor(time)),
  record: record as Record<string, unknown>,
});

/** Finished orders (`order/history`): 31 days a request at most; one order once, by its id. */
export const ordersSource: WindowedSource = {
  job: (account) => vaultJob('orders', account),
  windowS: 30 * DAY,
  pageSize: 100,
  maxOffset: 10_000,
  overlapS: 3600,
  fetch: (caller, w) =>
    trading.orderHistory(caller, { startDate: w.start, endDate: w.end, limit: w.limit, offset: w.offset }),
  record: (account, raw) => {
    const o = raw as trading.FinishedOrder;
    return item(account, 'orders', String(o.id), o.ftime ?? o.ctime, o);
  },
};

/** Closed positions (`positions/closed-pnl`), windowed by close time; one per position id. */
export const closedPnlSource: WindowedSource = {
  job: (account) => vaultJob('closed_pnl', account),
  windowS: 30 * DAY,
  pageSize: archive.CLOSED_PNL_PAGE,
  maxOffset: archive.CLOSED_PNL_MAX_OFFSET,
  overlapS: 3600,
  fetch: (caller, w) =>
    archive.closedPnl(caller, { startDate: w.start, endDate: w.end, limit: w.limit, offset: w.offset }),
  record: (account, raw) => {
    const r = raw as archive.ClosedPnlRecord;
    return item(account, 'closed_pnl', String(r.positionId), r.closeDate, r);
  },
};

/** Converts (`convert/history`): 30 days a request, six months back; one per convert id. */
export const convertsSource: WindowedSource = {
  job: (account) => vaultJob('converts', account),
  windowS: archive.CONVERT_WINDOW_S,
  pageSize: archive.CONVERT_PAGE,
  maxOffset: 1_000_000,
  overlapS: 3600,
  fetch: async (caller, w) =>
    (await archive.convertHistory(caller, { from: w.start, to: w.end, limit: w.limit, offset: w.offset }))
      .records,
  record: (account, raw) => {
    const r = raw as archive.ConvertRecord;
    return item(account, 'converts', r.id, r.date, r);
  },
};

/** The identity of a funding payment: its market, period and the position it was paid on. */
export const fundingKey = (f: { market: string; fundingTime: number; positionAmount: string }) =>
  `${f.market}|${String(f.fundingTime)}|${f.positionAmount}`;

/** Funding payments (`funding-history`): no dates, newest first. */
export const fundingSource: StreamSource = {
  job: (account) => vaultJob('funding', account),
  pageSize: archive.FUNDING_PAGE,
  maxOffset: Number.MAX_SAFE_INTEGER,
  overlapS: 3600,
  fetch: (caller, p) => archive.fundingHistory(caller, { limit: p.limit, offset: p.offset }),
  record: (account, raw) => {
    const f = raw as archive.FundingRecord;
    return item(account, 'funding', fundingKey(f), f.fundingTime, f);
  },
};

/** The identity of a deposit or withdrawal: the exchange's transaction id (older answers: hash or unique id). */
export function walletKey(r: mainAccount.WalletHistoryRecord): string {
  const id = r['transactionId'] ?? r['transactionHash'] ?? r.uniqueId;
  return `${String(r.method ?? '')}:${typeof id === 'string' && id ? id : JSON.stringify([r.ticker, r.amount, r.createdAt])}`;
}

/**
 * Deposits and withdrawals (`main-account/history`): no dates, 10,000 records back at most; a
 * week is read again each run (a withdrawal can take days to complete).
 */
export const walletSource: StreamSource = {
  job: (account) => vaultJob('wallet', account),
  pageSize: 100,
  maxOffset: 10_000,
  overlapS: 7 * DAY,
  fetch: async (caller, p) =>
    (await mainAccount.history(caller, { limit: p.limit, offset: p.offset })).records,
  record: (account, raw) => {
    const r = raw as mainAccount.WalletHistoryRecord;
    return item(account, 'wallet', walletKey(r), r.createdAt ?? 0, r);
  },
};

/** One sub-account's transfers with the main account, kept under the main account (its key reads them). */
export function transfersSource(subAccountId: string): StreamSource {
  return {
    job: (account) => vaultJob('transfers', account, subAccountId),
    pageSize: 100,
    maxOffset: 10_000,
    overlapS: 3600,
    fetch: (caller, p) =>
      subAccounts.transferHistory(caller, { id: subAccountId, limit: p.limit, offset: p.offset }),
    record: (account, raw) => {
      const t = raw as subAccounts.SubAccountTransfer;
      return item(account, 'transfers', t.id, t.createdAt, { ...t, subAccountId });
    },
  };
}
