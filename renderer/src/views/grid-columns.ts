/**
 * The columns of the screens' grids that are not kept beside their own state (the Board's are in
 * `board/board-columns.ts`, the position history's in `positions/history-state.svelte.ts`). Every
 * decimal column is written by the one number formatter through the grid (`DataGridState.cellText`).
 */
import type { AuditEntryView, CachedDealView, MiningRewardView } from '../../../main/ipc/contract.ts';
import { stepOf, tickOf } from '../lib/format/market-steps.svelte.ts';
import { formatHashrate } from '../lib/format/units.ts';
import type { GridColumn } from '../lib/managers/data-grid.svelte.ts';
import { balanceList, type BalanceLine } from '../lib/managers/sub-account-balances.svelte.ts';

/** An account's name by its id. */
type LabelOf = (accountId: string) => string;

/** The executed deals of the History screen. */
/**
 * The cached deals (History). `archiveOnly`: a deal the exchange no longer serves (older than its
 * six months), which only this computer's archive holds.
 */
export function historyColumns(
  label: LabelOf,
  archiveOnly: (d: CachedDealView) => boolean = () => false,
): GridColumn<CachedDealView>[] {
  return [
    { id: 'time', title: 'Time', kind: 'time', value: (d) => Math.round(d.time * 1000) },
    {
      id: 'kept',
      title: 'Kept by',
      kind: 'text',
      value: (d) => (archiveOnly(d) ? 'archive only' : 'exchange'),
      hint: (d) =>
        archiveOnly(d)
          ? 'Older than six months: the exchange no longer serves it; this computer’s archive holds it.'
          : 'The exchange still serves it; the archive holds a copy.',
    },
    { id: 'account', title: 'Account', kind: 'text', value: (d) => label(d.account) },
    { id: 'market', title: 'Market', kind: 'text', value: (d) => d.market },
    { id: 'side', title: 'Side', kind: 'text', value: (d) => d.side, tone: (d) => d.side },
    { id: 'role', title: 'Role', kind: 'text', value: (d) => d.role },
    { id: 'price', title: 'Price', kind: 'decimal', value: (d) => d.price, step: (d) => tickOf(d.market) },
    { id: 'amount', title: 'Amount', kind: 'decimal', value: (d) => d.amount, step: (d) => stepOf(d.market) },
    { id: 'deal', title: 'Value', kind: 'decimal', value: (d) => d.deal },
    { id: 'fee', title: 'Fee', kind: 'decimal', value: (d) => d.fee },
    { id: 'feeAsset', title: 'Fee asset', kind: 'text', value: (d) => d.feeAsset },
    { id: 'order', title: 'Order id', kind: 'text', value: (d) => String(d.orderId) },
    { id: 'client', title: 'Client order id', kind: 'text', value: (d) => d.clientOrderId, hidden: true },
    { id: 'operator', title: 'Operator', kind: 'text', value: (d) => d.operator ?? '' },
  ];
}

export const OUTCOMES = {
  ok: 'Accepted',
  rejected: 'Refused by the exchange',
  failed: 'No answer',
  sending: 'Approval used, sending',
} as const;

/** The audit log of signed requests (Events). */
export function auditColumns(label: LabelOf): GridColumn<AuditEntryView>[] {
  return [
    { id: 'time', title: 'Sent', kind: 'time', value: (r) => r.atMs, width: 15 },
    { id: 'operator', title: 'Operator', kind: 'text', value: (r) => r.operator ?? '', width: 8 },
    // Four eyes: the second operator who approved the request it was signed with.
    { id: 'approvedBy', title: 'Approved by', kind: 'text', value: (r) => r.approvedBy ?? '', width: 8 },
    { id: 'account', title: 'Account', kind: 'text', value: (r) => label(r.account), width: 12 },
    { id: 'path', title: 'Request', kind: 'text', value: (r) => r.path.replace('/api/v4/', ''), width: 18 },
    { id: 'outcome', title: 'Outcome', kind: 'text', value: (r) => OUTCOMES[r.outcome], width: 12 },
    {
      id: 'status',
      title: 'HTTP',
      kind: 'text',
      value: (r) => (r.httpStatus ? String(r.httpStatus) : ''),
      width: 5,
    },
    {
      id: 'error',
      title: 'Error',
      kind: 'text',
      value: (r) => (r.errorCode ?? '').replaceAll('_', ' '),
      width: 12,
    },
    {
      id: 'hash',
      title: 'Body hash',
      kind: 'text',
      value: (r) => (r.bodyHash ? `${r.bodyHash.slice(0, 12)}…` : ''),
      width: 9,
      hidden: true,
    },
  ];
}

/** The mining rewards (Mining). */
export const rewardColumns: GridColumn<MiningRewardView>[] = [
  { id: 'time', title: 'Day', kind: 'time', day: true, value: (r) => r.time * 1000 },
  { id: 'reward', title: 'Reward', kind: 'decimal', value: (r) => r.reward },
  { id: 'fee', title: 'Pool fee', kind: 'decimal', value: (r) => r.fee ?? '' },
  {
    id: 'hashrate',
    title: 'Hashrate',
    kind: 'text',
    value: (r) => (r.hashrate ? formatHashrate(r.hashrate).text : ''),
    hint: (r) => (r.hashrate ? formatHashrate(r.hashrate).title : ''),
  },
];

/** A row of the Accounts screen. */
export interface AccountRow {
  id: string;
  label: string;
  kind: 'main' | 'sub';
  subAccountId: string;
  keyHint: string;
  /** The key's secret is not in this keychain (a teammate holds it). */
  keyElsewhere: boolean;
  groups: string;
  favourite: boolean;
  /** The balances in words, each amount written by the number formatter ("USDT 50,000 · BTC 1.5"). */
  balance: string;
  asOf: string;
}

/**
 * The registered accounts: who and the balances first (in view beside the editor), then the kind,
 * how fresh the balances are, and the rarely read ids.
 */
export const accountColumns: GridColumn<AccountRow>[] = [
  { id: 'favourite', title: '★', kind: 'text', value: (r) => (r.favourite ? '★' : '') },
  { id: 'label', title: 'Label', kind: 'text', value: (r) => r.label },
  {
    id: 'balance',
    title: 'Spot balances',
    kind: 'text',
    value: (r) => r.balance,
    maxChars: 40,
    hint: (r) => r.balance,
  },
  { id: 'kind', title: 'Kind', kind: 'text', value: (r) => r.kind },
  { id: 'asOf', title: 'Balances taken', kind: 'text', value: (r) => r.asOf },
  { id: 'groups', title: 'Groups', kind: 'text', value: (r) => r.groups },
  { id: 'key', title: 'Key', kind: 'text', value: (r) => r.keyHint },
  { id: 'sub', title: 'Sub-account id', kind: 'text', value: (r) => r.subAccountId, hidden: true },
];

/** A row of the Sub-accounts screen. */
export interface SubAccountRow {
  id: string;
  label: string;
  subAccountId: string;
  keyHint: string;
  lines: BalanceLine[];
  taken: string;
}

/** The widest a balance column grows, in characters. */
const BALANCE_CHARS = 24;

/** How fresh the balances are, then the balances; the ids, long and rarely read, last. */
export const subAccountColumns: GridColumn<SubAccountRow>[] = [
  { id: 'label', title: 'Label', kind: 'text', value: (r) => r.label },
  { id: 'taken', title: 'Balances taken', kind: 'text', value: (r) => r.taken },
  ...(['main', 'spot', 'collateral'] as const).map((part): GridColumn<SubAccountRow> => ({
    id: part,
    title: part === 'main' ? 'Main' : part === 'spot' ? 'Spot' : 'Collateral',
    kind: 'text',
    value: (r) => balanceList(r.lines, part),
    // A sub-account holding many tickers is cut here; the row's details below list them all.
    maxChars: BALANCE_CHARS,
    hint: (r) => balanceList(r.lines, part),
  })),
  { id: 'key', title: 'Key', kind: 'text', value: (r) => r.keyHint },
  // Shown in the row's details; the Columns menu brings it into the grid.
  { id: 'sub', title: 'Sub-account id', kind: 'text', value: (r) => r.subAccountId, hidden: true },
];
