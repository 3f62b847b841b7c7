/**
 * The consistency check: for each family of an account's history, the identities the exchange
 * serves and those the archive holds, over the window both hold (from the exchange's horizon to
 * where the family was last synced), and what differs either way.
 */
import type { Cache, HistoryFamily, VaultRecord } from '../../cache/index.ts';
import * as collateral from '../../exchange/endpoints/collateral.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import { AuthError } from '../../exchange/errors.ts';
import { HORIZON_S } from '../../sync/deals.ts';
import { collectStream, collectWindowed } from './jobs/collect.ts';
import {
  closedPnlSource,
  convertsSource,
  fundingSource,
  ordersSource,
  transfersSource,
  walletSource,
} from './jobs/sources.ts';
import type { StreamSource } from './jobs/stream.ts';
import type { WindowedSource } from './jobs/windowed.ts';
import { HORIZON_MARGIN_S } from './parts.ts';
import type { ArchiveFamily, ConsistencyView, FamilyCheckView } from './views.ts';

/** The first differing ids shown of each side. */
const SHOWN = 20;

/** Executed deals as the check reads them: week-long windows paged by 500. */
const dealsSource: WindowedSource = {
  job: (account) => `deals:${account}`,
  windowS: 7 * 86_400,
  pageSize: 500,
  maxOffset: 10_000,
  overlapS: 0,
  fetch: async (caller, w) =>
    Object.values(
      await trading.executedDealsByMarket(caller, {
        startDate: w.start,
        endDate: w.end,
        limit: w.limit,
        offset: w.offset,
      }),
    ).flat(),
  record: (account, raw) => {
    const d = raw as trading.Deal;
    return { account, kind: 'orders', key: String(d.id), time: Math.floor(d.time), record: {} };
  },
};

/** Position records: week-long windows, unpaged (the endpoint answers a window whole). */
const positionsSource: WindowedSource = {
  job: (account) => `positions:${account}`,
  windowS: 7 * 86_400,
  pageSize: Number.MAX_SAFE_INTEGER,
  maxOffset: Number.MAX_SAFE_INTEGER,
  overlapS: 0,
  fetch: (caller, w) => collateral.positionsHistory(caller, { startDate: w.start, endDate: w.end }),
  record: (account, raw) => {
    const p = raw as collateral.PositionHistoryRecord;
    return {
      account,
      kind: 'orders',
      key: `${String(p.positionId)}:${String(p.orderDetail.id)}`,
      time: Math.floor(p.modifyDate),
      record: {},
    };
  },
};

interface Family {
  family: ArchiveFamily;
  /** The checkpoint jobs whose `syncedUntil` (the oldest of them) bounds the window. */
  jobs: string[];
  read(
    caller: KeyCaller,
    from: number,
    to: number,
    signal?: AbortSignal,
  ): Promise<{ records: VaultRecord[]; capped?: boolean }>;
}

const windowed = (family: ArchiveFamily, source: WindowedSource, account: string): Family => ({
  family,
  jobs: [source.job(account)],
  read: async (caller, from, to, signal) => ({
    records: await collectWindowed(source, caller, account, from, to, signal),
  }),
});
const stream = (family: ArchiveFamily, source: StreamSource, account: string): Family => ({
  family,
  jobs: [source.job(account)],
  read: (caller, from, _to, signal) => collectStream(source, caller, account, from, signal),
});

/** A main account's transfers with each of its sub-accounts, read and compared as one family. */
const transfers = (account: string, subs: string[]): Family => ({
  family: 'transfers',
  jobs: subs.map((sub) => transfersSource(sub).job(account)),
  read: async (caller, from, _to, signal) => {
    const records: VaultRecord[] = [];
    let capped = false;
    for (const sub of subs) {
      const part = await collectStream(transfersSource(sub), caller, account, from, signal);
      records.push(...part.records);
      capped ||= part.capped;
    }
    return { records, capped };
  },
});

export interface CheckInput {
  cache: Cache;
  caller: KeyCaller;
  account: string;
  kind: 'main' | 'sub';
  subAccounts: string[];
  /** Where each sync job stands (its cursor has `syncedUntil`). */
  checkpoints: Map<string, unknown>;
  now: number;
  signal?: AbortSignal;
}

export async function checkAccount(input: CheckInput): Promise<ConsistencyView> {
  const { account } = input;
  const families: Family[] = [
    windowed('deals', dealsSource, account),
    windowed('positions', positionsSource, account),
    windowed('orders', ordersSource, account),
    windowed('closed_pnl', closedPnlSource, account),
    stream('funding', fundingSource, account),
    windowed('converts', convertsSource, account),
    stream('wallet', walletSource, account),
    ...(input.kind === 'main' && input.subAccounts.length > 0 ? [transfers(account, input.subAccounts)] : []),
  ];
  const out: FamilyCheckView[] = [];
  for (const f of families) out.push(await checkFamily(input, f));
  return { account, checkedAt: input.now, families: out };
}

async function checkFamily(input: CheckInput, f: Family): Promise<FamilyCheckView> {
  const synced = f.jobs.map(
    (job) => (input.checkpoints.get(job) as { syncedUntil?: number } | undefined)?.syncedUntil,
  );
  const empty = { archive: 0, exchange: 0, missing: [], missingCount: 0, extra: [], extraCount: 0 };
  if (synced.some((t) => !t))
    return { family: f.family, from: null, to: null, ...empty, note: 'Not synced yet: nothing to compare.' };
  const from = input.now - HORIZON_S + HORIZON_MARGIN_S;
  const to = Math.min(...(synced as number[]), input.now) - 1;
  if (to <= from)
    return {
      family: f.family,
      from: null,
      to: null,
      ...empty,
      note: 'Its last sync is older than six months.',
    };
  let answered;
  try {
    answered = await f.read(input.caller, from, to, input.signal);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return { family: f.family, from, to, ...empty, note: "This account's key may not read it." };
  }
  const exchange = new Set(answered.records.filter((r) => r.time >= from && r.time <= to).map((r) => r.key));
  const archive = new Set(await input.cache.vault.keys(input.account, f.family as HistoryFamily, from, to));
  const missing = [...exchange].filter((k) => !archive.has(k)).sort();
  const extra = [...archive].filter((k) => !exchange.has(k)).sort();
  return {
    family: f.family,
    from,
    to,
    archive: archive.size,
    exchange: exchange.size,
    missing: missing.slice(0, SHOWN),
    missingCount: missing.length,
    extra: extra.slice(0, SHOWN),
    extraCount: extra.length,
    ...(answered.capped
      ? { note: 'The exchange lists at most 10,000 of these: older ones could not be read to compare.' }
      : {}),
  };
}
