/**
 * A grid's columns, and how a decimal cell is written: once per row object, as a row is a new object
 * only when it changed (a push that changes a few rows of a thousand writes only theirs again).
 */
import { formatNumber } from '../format/number.ts';

/**
 * One column. Text and decimal columns give strings (decimals exactly as the exchange sent them);
 * time columns give milliseconds since the epoch.
 */
export type GridColumn<R> =
  | {
      readonly id: string;
      readonly title: string;
      readonly kind: 'text' | 'decimal';
      readonly value: (row: R) => string;
      /** A decimal column's tick or step per row (prices to the tick, amounts to the step). */
      readonly step?: (row: R) => string | undefined;
      /** A decimal column of changes (profit, percentages of change): "+" before a gain. */
      readonly signed?: boolean;
      /** Buy/sell colouring, always drawn with an arrow (▲ buy, ▼ sell) as a second cue. */
      readonly tone?: (row: R) => 'buy' | 'sell' | undefined;
      /** A cell's tooltip: the exact value behind a scaled one ("285,000,000,000,000 H/s"). */
      readonly hint?: (row: R) => string;
      /** Least width in rem; columns otherwise size to their content. */
      readonly width?: number;
      /** Widest it grows, in characters (48 by default); longer text is cut, the hint tells it whole. */
      readonly maxChars?: number;
      readonly hidden?: boolean;
    }
  | {
      readonly id: string;
      readonly title: string;
      readonly kind: 'time';
      readonly value: (row: R) => number;
      /** Narrow: the time of day for today's times, the date for older ones (whole time on hover). */
      readonly clock?: boolean;
      /** Records of the exchange's days: the day alone, in UTC (whole time on hover). */
      readonly day?: boolean;
      readonly width?: number;
      readonly hidden?: boolean;
    };

/** Each row's decimal cells as written (before the points are lined up), by row object and column. */
export class WrittenCells<R> {
  readonly #texts = new WeakMap<object, Map<string, string>>();

  text(column: GridColumn<R> & { kind: 'text' | 'decimal' }, row: R, value: string): string {
    const write = () => formatNumber(value, { step: column.step?.(row), signed: column.signed });
    if (typeof row !== 'object' || row === null) return write();
    let texts = this.#texts.get(row);
    if (!texts) this.#texts.set(row, (texts = new Map()));
    let text = texts.get(column.id);
    if (text === undefined) texts.set(column.id, (text = write()));
    return text;
  }
}
