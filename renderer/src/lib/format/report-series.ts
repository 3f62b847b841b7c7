/**
 * The equity report's lines as the chart draws them: the desk's equity, or one asset's balance, as
 * exact values per bucket in time order; and how a line moved over the period (first, last, change,
 * exactly).
 */
import type { EquityReportView } from '../../../../main/ipc/contract.ts';
import { subtractDecimal } from './exact.ts';

/** `equity`, or an asset whose balance is drawn. */
export type EquityLine = string;

export interface LinePoint {
  time: number;
  value: string;
}

/** The lines a report can draw: equity first, then each asset with a balance, by name. */
export function equityLines(report: Pick<EquityReportView, 'balances'>): EquityLine[] {
  return ['equity', ...[...new Set(report.balances.map((b) => b.asset))].sort((a, b) => a.localeCompare(b))];
}

export function linePoints(
  report: Pick<EquityReportView, 'equity' | 'balances'>,
  line: EquityLine,
): LinePoint[] {
  if (line === 'equity') return report.equity.map((p) => ({ time: p.time, value: p.equity }));
  return report.balances
    .filter((b) => b.asset === line)
    .map((b) => ({ time: b.time, value: b.amount }))
    .sort((a, b) => a.time - b.time);
}

/** First and last value of a line, and the change between them; undefined with no point. */
export function lineMove(
  points: readonly LinePoint[],
): { first: string; last: string; change: string } | undefined {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return undefined;
  return { first: first.value, last: last.value, change: subtractDecimal(last.value, first.value) };
}
