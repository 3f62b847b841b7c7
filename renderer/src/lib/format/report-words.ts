/**
 * The reports' figures in words: shares and rates as percentages, the desk's concentration, what a
 * balance marker was, and the gap between the exchange's closed-position PnL and the app's. Amounts
 * stay exact decimal strings (written by `formatNumber`); shares and rates are main's own ratios.
 */
import type { ClosedPositionView, EquityMarker, PositionsReportView } from '../../../../main/ipc/contract.ts';
import { compareDecimal } from './decimal.ts';
import { formatNumber, plural } from './number.ts';

/** A share or rate (0..1) as a percentage to one place ("41.3 %"); a dash when there is none. */
export function percentOf(share: number | null | undefined): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return '–';
  return formatNumber((share * 100).toFixed(1), { percent: true });
}

/**
 * The Herfindahl index in words: how concentrated the desk is, as the number of equal assets that would
 * be as concentrated ("as concentrated as 1.6 equal assets").
 */
export function concentrationWords(index: number | null): string {
  if (index === null || !(index > 0)) return 'No priced holdings: nothing to measure.';
  if (index >= 0.9999) return 'Everything is in one asset.';
  const equal = formatNumber((1 / index).toFixed(1));
  return `Concentration ${formatNumber(index.toFixed(3))}: as concentrated as ${equal} equal assets.`;
}

export const MARKER_WORDS: Record<EquityMarker['kind'], string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  'transfer-in': 'Transfer in',
  'transfer-out': 'Transfer out',
};

/** A marker on the equity chart, short: "+100 USDT deposit". */
export function markerText(m: Pick<EquityMarker, 'kind' | 'amount' | 'ticker'>): string {
  const out = m.kind === 'withdrawal' || m.kind === 'transfer-out';
  const amount = formatNumber(m.amount.replace(/^-/, ''));
  return `${out ? '−' : '+'}${amount} ${m.ticker} ${MARKER_WORDS[m.kind].toLowerCase()}`;
}

/** Whether a closed position's two figures differ (a difference of zero, or none to compare, does not). */
export function differs(p: Pick<ClosedPositionView, 'difference'>): boolean {
  return p.difference !== null && compareDecimal(p.difference, '0') !== 0;
}

/** The comparison of the exchange's closed-position PnL with the app's, in one sentence. */
export function comparisonWords(
  r: Pick<PositionsReportView, 'compared' | 'differing' | 'exchangeOnly' | 'appOnly'>,
): string {
  if (r.compared === 0 && r.exchangeOnly === 0 && r.appOnly === 0)
    return 'No closed positions in this period.';
  const parts = [
    r.compared === 0
      ? 'No position has both figures to compare.'
      : r.differing === 0
        ? `The exchange's PnL and the app's agree on all ${plural(r.compared, 'closed position')}.`
        : `${formatNumber(String(r.differing))} of ${plural(r.compared, 'closed position')} differ between the exchange's PnL and the app's: the difference is shown on each.`,
  ];
  if (r.exchangeOnly > 0)
    parts.push(
      `${plural(r.exchangeOnly, 'position')} only the exchange states (the archive lacks ${r.exchangeOnly === 1 ? 'its' : 'their'} deals).`,
    );
  if (r.appOnly > 0)
    parts.push(
      `${plural(r.appOnly, 'position')} only the app's deals show (no exchange record in the archive).`,
    );
  return parts.join(' ');
}
