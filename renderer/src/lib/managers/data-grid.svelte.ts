import { csvField, csvLine } from '../format/csv.ts';
import { alignTo, fullNumber, isShortened, scaleFor } from '../format/number.ts';
import { WrittenCells, type GridColumn } from './grid-cells.ts';
import { sortOrder } from './sort-order.ts';
import type { PreferenceStore } from './storage.ts';

export type { GridColumn } from './grid-cells.ts';

/**
 * Rows a grid lets a person pick, each with a checkbox (Space on the highlighted row), for work on
 * many at once; the header's checkbox picks every shown row.
 */
export interface GridSelection<R> {
  has(row: R): boolean;
  set(rows: readonly R[], on: boolean): void;
  /** The row's name for its checkbox ("Select Sandbox sub-001"). */
  name(row: R): string;
}

/** Words (and an action) for a state a grid can be in: empty, loading, error, offline. */
export interface GridMessage {
  title: string;
  text: string;
  action?: { label: string; run: () => void } | undefined;
}

export type SortDirection = 'asc' | 'desc';
export type GridStatus = 'ready' | 'loading' | 'error' | 'offline';

/** Browsers stop laying out taller elements around 33.5M px; longer lists are scrolled scaled. */
export const MAX_SCROLL_PX = 15_000_000;
/** Rows read to size the columns. */
const WIDTH_SAMPLE = 2000;
/** "2026-11-25 22:00:31" */
const TIME_CHARS = 19;
/** "22:00:31" today, "2026-11-25" before; a day alone, "2026-11-25". */
const CLOCK_CHARS = 10;
/** A column never grows wider than this many characters (its text is cut with an ellipsis). */
const MAX_COLUMN_CHARS = 48;
/** The header's type beside the cells' (GridHeader: 0.85rem of the table's), a little room kept. */
const TITLE_SCALE = 0.9;
/** Rows drawn above and below the viewport. */
const OVERSCAN = 4;

export function columnsKey(gridId: string): string {
  return `txc.grid.${gridId}.columns`;
}

function isoUtc(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * A table's state: rows, visible columns (remembered per grid id), sort, the highlighted row and the
 * window of rows on screen. A million rows cost one index array; only visible rows are ever rendered.
 */
export class DataGridState<R> {
  readonly id: string;
  readonly columns: readonly GridColumn<R>[];
  rows = $state.raw<readonly R[]>([]);
  status = $state<GridStatus>('ready');
  visibleIds = $state<string[]>([]);
  sort = $state<{ column: string; direction: SortDirection } | undefined>();
  /** Quick filter over the visible text and decimal columns (time columns are not searched). */
  filter = $state('');
  /** Index into the shown order of the highlighted row. */
  active = $state(0);
  scrollTop = $state(0);
  viewportHeight = $state(0);
  /** Row height in CSS pixels (rem-based, measured by the component). */
  rowPx = $state(28);
  readonly #store: PreferenceStore;

  constructor(id: string, columns: readonly GridColumn<R>[], store: PreferenceStore) {
    this.id = id;
    this.columns = columns;
    this.#store = store;
    const fallback = columns.filter((c) => !c.hidden).map((c) => c.id);
    let saved: unknown;
    try {
      saved = JSON.parse(store.getItem(columnsKey(id)) ?? 'null');
    } catch {
      saved = null;
    }
    const known = Array.isArray(saved) ? columns.map((c) => c.id).filter((c) => saved.includes(c)) : [];
    this.visibleIds = known.length > 0 ? known : fallback;
  }

  /** Chosen columns left out for now because they hold nothing (the Board's Attention when all is well). */
  omitted = $state<readonly string[]>([]);

  readonly visibleColumns: readonly GridColumn<R>[] = $derived.by(() =>
    this.columns.filter((c) => this.visibleIds.includes(c.id) && !this.omitted.includes(c.id)),
  );

  /** All rows in sort order (undefined: source order). Computed once per sort, not per filter. */
  readonly order: Uint32Array | undefined = $derived.by(() => {
    const sort = this.sort;
    const column = sort && this.columns.find((c) => c.id === sort.column);
    return column && sort ? sortOrder(this.rows, column, sort.direction) : undefined;
  });

  /** Rows whose shown text or decimal value contains the filter (any visible text/decimal column). */
  readonly matches: Uint8Array | undefined = $derived.by(() => {
    const needle = this.filter.trim().toLowerCase();
    if (!needle) return undefined;
    const columns = this.visibleColumns.filter((c) => c.kind !== 'time');
    const out = new Uint8Array(this.rows.length);
    this.rows.forEach((row, i) => {
      for (const c of columns) {
        if (String(c.value(row)).toLowerCase().includes(needle)) {
          out[i] = 1;
          return;
        }
      }
    });
    return out;
  });

  /** Source indices of the shown rows, in shown order (undefined: all rows, source order). */
  readonly view: Uint32Array | undefined = $derived.by(() => {
    const matches = this.matches;
    const order = this.order;
    if (!matches) return order;
    const kept: number[] = [];
    for (let p = 0; p < this.rows.length; p++) {
      const i = order ? (order[p] as number) : p;
      if (matches[i]) kept.push(i);
    }
    return Uint32Array.from(kept);
  });

  /** Rows shown (after the filter). */
  get count(): number {
    return this.view ? this.view.length : this.rows.length;
  }

  /** All rows, filtered or not. */
  get total(): number {
    return this.rows.length;
  }

  /** Every row shown, in the shown order (after filtering and sorting). */
  shownRows(): R[] {
    const view = this.view;
    return view ? Array.from(view, (i) => this.rows[i] as R) : [...this.rows];
  }

  /** The row shown at position `index` (after filtering and sorting). */
  rowAt(index: number): R | undefined {
    const i = this.view ? this.view[index] : index;
    return i === undefined ? undefined : this.rows[i];
  }

  /** Filters the shown rows; the highlight goes back to the first row. */
  setFilter(text: string): void {
    this.filter = text;
    this.active = 0;
  }

  /** Widest fraction per decimal column, so every cell's point lines up. */
  readonly scales: Readonly<Record<string, number>> = $derived.by(() => {
    const out: Record<string, number> = {};
    for (const column of this.visibleColumns) {
      if (column.kind !== 'decimal') continue;
      let max = -1;
      for (const row of this.rows) max = Math.max(max, scaleFor(column.value(row), column.step?.(row)));
      out[column.id] = max;
    }
    return out;
  });

  /**
   * A cell's text: decimals written by the one number formatter (grouped, to the row's tick or
   * step; a value with more digits rounded to it, in full in `cellTitle`), padded with figure spaces
   * so the points align.
   */
  readonly #written = new WrittenCells<R>();

  cellText(column: GridColumn<R>, row: R): string {
    if (column.kind === 'time') return String(column.value(row));
    const value = column.value(row);
    if (column.kind === 'text') return value;
    return alignTo(this.#written.text(column, row, value), this.scales[column.id] ?? -1);
  }

  /** A cell's tooltip: the column's hint, else a decimal written to fewer places than it has, in full. */
  cellTitle(column: GridColumn<R>, row: R): string | undefined {
    if (column.kind === 'time') return undefined;
    const hint = column.hint?.(row);
    if (hint !== undefined || column.kind !== 'decimal') return hint;
    const value = column.value(row);
    return isShortened(value, { step: column.step?.(row) })
      ? fullNumber(value, { signed: column.signed })
      : undefined;
  }

  /**
   * Each visible column's width in characters: its widest text among the title and up to
   * `WIDTH_SAMPLE` rows spread over the list (a million rows cost a few thousand reads), so columns
   * size to what they hold. Time columns are as wide as a local time with seconds.
   */
  readonly contentChars: Readonly<Record<string, number>> = $derived.by(() => {
    const out: Record<string, number> = {};
    const total = this.rows.length;
    const stride = Math.max(1, Math.floor(total / WIDTH_SAMPLE));
    for (const column of this.visibleColumns) {
      // The title, in the header's smaller type (0.85 of the cells'), sits beside its sort arrow; a
      // title of several words may wrap, so its longest word is what it needs.
      const word = Math.max(...column.title.split(' ').map((w) => w.length));
      let widest = Math.ceil(word * TITLE_SCALE) + 2;
      if (column.kind === 'time')
        widest = Math.max(widest, column.clock || column.day ? CLOCK_CHARS : TIME_CHARS);
      else
        for (let i = 0; i < total; i += stride) {
          const text = this.cellText(column, this.rows[i] as R);
          const cue = column.tone?.(this.rows[i] as R) ? 2 : 0;
          widest = Math.max(widest, text.length + cue);
        }
      out[column.id] = Math.min(
        widest,
        column.kind === 'time' ? MAX_COLUMN_CHARS : (column.maxChars ?? MAX_COLUMN_CHARS),
      );
    }
    return out;
  });

  // ---- scrolling ------------------------------------------------------------------------------

  /** Height of the scrolled spacer: the rows' height, capped where browsers stop. */
  get spacerHeight(): number {
    return Math.min(this.count * this.rowPx, MAX_SCROLL_PX);
  }

  /** Pixels of the full list above the viewport, for a scroll position (scaled beyond the cap). */
  #virtualTop(scrollTop: number): number {
    const fullScroll = this.count * this.rowPx - this.viewportHeight;
    const maxScroll = this.spacerHeight - this.viewportHeight;
    if (fullScroll <= 0 || maxScroll <= 0) return 0;
    return fullScroll === maxScroll ? scrollTop : (scrollTop / maxScroll) * fullScroll;
  }

  /** The scroll position that puts `virtualTop` pixels of the list above the viewport. */
  #scrollFor(virtualTop: number): number {
    const fullScroll = this.count * this.rowPx - this.viewportHeight;
    const maxScroll = this.spacerHeight - this.viewportHeight;
    if (fullScroll <= 0 || maxScroll <= 0) return 0;
    const top = Math.min(Math.max(virtualTop, 0), fullScroll);
    return fullScroll === maxScroll ? top : (top / fullScroll) * maxScroll;
  }

  /** Rows to draw: the first index, how many, and where the block sits inside the spacer. */
  readonly window: { first: number; count: number; top: number } = $derived.by(() => {
    const virtualTop = this.#virtualTop(this.scrollTop);
    const visible = Math.ceil(this.viewportHeight / this.rowPx) + 1;
    const first = Math.max(0, Math.floor(virtualTop / this.rowPx) - OVERSCAN);
    const count = Math.max(0, Math.min(this.count - first, visible + 2 * OVERSCAN));
    return { first, count, top: this.scrollTop + (first * this.rowPx - virtualTop) };
  });

  /** Indices of the rows to render. */
  get windowIndices(): number[] {
    const { first, count } = this.window;
    return Array.from({ length: count }, (_, i) => first + i);
  }

  // ---- interaction ----------------------------------------------------------------------------

  /** Header click: ascending, then descending, then back to the source order. */
  toggleSort(columnId: string): void {
    const sort = this.sort;
    if (sort?.column !== columnId) this.sort = { column: columnId, direction: 'asc' };
    else if (sort.direction === 'asc') this.sort = { column: columnId, direction: 'desc' };
    else this.sort = undefined;
  }

  /** Shows or hides a column; the last visible column cannot be hidden. Remembered per grid. */
  setColumnVisible(columnId: string, visible: boolean): boolean {
    const next = this.columns
      .map((c) => c.id)
      .filter((id) => (id === columnId ? visible : this.visibleIds.includes(id)));
    if (next.length === 0) return false;
    this.visibleIds = next;
    this.#store.setItem(columnsKey(this.id), JSON.stringify(next));
    return true;
  }

  /** Moves the highlight and returns the scroll position that keeps it in view (or undefined). */
  moveActive(to: number): number | undefined {
    if (this.count === 0) return undefined;
    this.active = Math.min(Math.max(to, 0), this.count - 1);
    const top = this.#virtualTop(this.scrollTop);
    const rowTop = this.active * this.rowPx;
    if (rowTop < top) return this.#scrollFor(rowTop);
    if (rowTop + this.rowPx > top + this.viewportHeight) {
      return this.#scrollFor(rowTop + this.rowPx - this.viewportHeight);
    }
    return undefined;
  }

  /** Rows per page for Page Up / Page Down. */
  get pageRows(): number {
    return Math.max(1, Math.floor(this.viewportHeight / this.rowPx) - 1);
  }

  /** CSV of exactly what is shown: visible columns, every row in the shown order, exact values. */
  toCsv(): string {
    const columns = this.visibleColumns;
    let out = csvLine(columns.map((c) => csvField(c.kind === 'time' ? `${c.title} (UTC)` : c.title, true)));
    for (let i = 0; i < this.count; i++) {
      const row = this.rowAt(i) as R;
      out += csvLine(
        columns.map((c) =>
          c.kind === 'time' ? isoUtc(c.value(row)) : csvField(c.value(row), c.kind === 'text'),
        ),
      );
    }
    return out;
  }
}
