/**
 * The board's rows as its grid shows them (attention and update words added), each with whether it
 * counts as flagged, made once per row object while the rules, the clock and the connection stay: a
 * push changes a few rows of a thousand, and only theirs are made again (so the grid writes, and the
 * totals read, only those).
 */
import { attentionOf, type AttentionRules } from '../../lib/managers/desk-board.svelte.ts';
import type { BoardRowView } from '../../../../main/ipc/contract.ts';
import { feedWordsOf, type BoardRow } from './board-columns.ts';

export interface ShapedRow {
  row: BoardRow;
  /** Needs attention for more than never having been read. */
  flagged: boolean;
}

export class ShapedRows {
  #made = new WeakMap<BoardRowView, ShapedRow>();
  #for: { rules: AttentionRules; now: number; offline: boolean } | undefined;

  of(rows: readonly BoardRowView[], rules: AttentionRules, now: number, offline: boolean): ShapedRow[] {
    const was = this.#for;
    if (was?.rules !== rules || was.now !== now || was.offline !== offline) {
      this.#for = { rules, now, offline };
      this.#made = new WeakMap();
    }
    return rows.map((r) => {
      let shaped = this.#made.get(r);
      if (!shaped) {
        const words = attentionOf(r, rules, now);
        const row = { ...r, attention: words.join(', '), updates: feedWordsOf(r.feed, offline) };
        shaped = { row, flagged: words.some((w) => w !== 'never read') };
        this.#made.set(r, shaped);
      }
      return shaped;
    });
  }
}
