/**
 * When a board row needs attention (liquidation within the set %, key revoked, data stale), as pure
 * rules on the rows the board already builds, and the step that finds the rows that entered
 * attention since the last reading: a row raises a notice only for a reason it did not have before,
 * so it does not again while it stays in attention for that reason, and does again after it left and
 * re-entered. The rows that entered in one refresh make one notice, counted per reason.
 */
import type {
  AttentionReasonView,
  AttentionRulesView,
  BoardRowView,
  DeskAttentionView,
} from '../../views/board.ts';
import { Dec } from '../../rules/decimal.ts';

/** Most urgent first: an account entering for several reasons is counted under the first. */
export const ATTENTION_REASONS: readonly AttentionReasonView[] = ['liquidation', 'revoked', 'stale'];

export const DEFAULT_ATTENTION_RULES: AttentionRulesView = { liquidationPct: '5', staleMinutes: 5 };

/** Why a row needs attention now (none for a row never read: it says nothing yet). */
export function attentionReasons(
  row: BoardRowView,
  rules: AttentionRulesView,
  nowMs: number,
): AttentionReasonView[] {
  const out: AttentionReasonView[] = [];
  if (
    row.marginCall === true ||
    (row.liquidationDistance !== undefined && new Dec(row.liquidationDistance).lte(rules.liquidationPct))
  )
    out.push('liquidation');
  if (row.keyState === 'revoked') out.push('revoked');
  if (row.asOfMs !== undefined && nowMs - row.asOfMs > rules.staleMinutes * 60_000) out.push('stale');
  return out;
}

/** Per account, the reasons it was in attention for at its last reading. */
export type AttentionState = ReadonlyMap<string, readonly AttentionReasonView[]>;

export interface EnteredRow {
  account: string;
  label: string;
  /** The reasons it did not have at its last reading, most urgent first. */
  reasons: AttentionReasonView[];
  liquidationDistance?: string | undefined;
  /** The exchange called a margin call on one of its positions. */
  marginCall?: boolean | undefined;
}

/**
 * One reading of some rows: the state after it, and the rows that entered attention for a reason they
 * were not in before. Accounts not among the rows keep their state.
 */
export function attentionStep(
  state: AttentionState,
  rows: readonly BoardRowView[],
  rules: AttentionRulesView,
  nowMs: number,
): { state: Map<string, AttentionReasonView[]>; entered: EnteredRow[] } {
  const next = new Map<string, AttentionReasonView[]>();
  for (const [account, reasons] of state) next.set(account, [...reasons]);
  const entered: EnteredRow[] = [];
  for (const row of rows) {
    const now = attentionReasons(row, rules, nowMs);
    const before = next.get(row.account) ?? [];
    const fresh = now.filter((r) => !before.includes(r));
    if (now.length > 0) next.set(row.account, now);
    else next.delete(row.account);
    if (fresh.length > 0)
      entered.push({
        account: row.account,
        label: row.label,
        reasons: fresh,
        liquidationDistance: row.liquidationDistance,
        marginCall: row.marginCall,
      });
  }
  return { state: next, entered };
}

/** "margin call, liquidation 1.2 % away" or "liquidation 3 % away (within 5 %)". */
const liquidationWords = (row: EnteredRow, rules: AttentionRulesView): string => {
  const away = row.liquidationDistance === undefined ? '' : `liquidation ${row.liquidationDistance} % away`;
  if (row.marginCall) return away ? `margin call, ${away}` : 'margin call';
  return `${away} (within ${rules.liquidationPct} %)`;
};

const one = (row: EnteredRow, rules: AttentionRulesView): string =>
  row.reasons
    .map((r) =>
      r === 'liquidation'
        ? liquidationWords(row, rules)
        : r === 'revoked'
          ? 'key revoked'
          : `data older than ${String(rules.staleMinutes)} min`,
    )
    .join(', ');

const COUNT_WORDS: Record<AttentionReasonView, (rules: AttentionRulesView, n: number) => string> = {
  liquidation: (rules) => `liquidation within ${rules.liquidationPct} %`,
  revoked: (_, n) => (n === 1 ? 'key revoked' : 'keys revoked'),
  stale: () => 'stale',
};

/** At most this many account names are listed in a grouped notice. */
export const NAMED = 3;

/** The one notice for the rows that entered attention in one refresh; undefined when none did. */
export function attentionNotice(
  entered: readonly EnteredRow[],
  rules: AttentionRulesView,
  atMs: number,
): DeskAttentionView | undefined {
  const first = entered[0];
  if (!first) return undefined;
  const counts: Record<AttentionReasonView, number> = { liquidation: 0, revoked: 0, stale: 0 };
  for (const row of entered) {
    const main = ATTENTION_REASONS.find((r) => row.reasons.includes(r));
    if (main) counts[main] += 1;
  }
  const accounts = entered.map((r) => ({ account: r.account, label: r.label, reasons: [...r.reasons] }));
  if (entered.length === 1)
    return {
      title: `${first.label} needs attention`,
      message: `${first.label}: ${one(first, rules)}`,
      atMs,
      account: first.account,
      counts,
      accounts,
    };
  const parts = ATTENTION_REASONS.filter((r) => counts[r] > 0).map(
    (r) => `${counts[r].toLocaleString('en-US')} ${COUNT_WORDS[r](rules, counts[r])}`,
  );
  const names = entered.slice(0, NAMED).map((r) => r.label);
  const more = entered.length - names.length;
  const total = entered.length.toLocaleString('en-US');
  return {
    title: `${total} accounts need attention`,
    message: `${parts.join(', ')}: ${names.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`,
    atMs,
    counts,
    accounts,
  };
}
