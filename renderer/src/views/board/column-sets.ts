/** Named sets of board columns, kept in the profile's preferences. */
import type { PreferenceStore } from '../../lib/managers/storage.ts';
import { boardColumns } from './board-columns.ts';

export const COLUMN_SETS_KEY = 'txc.board.columnSets';

export function readColumnSets(store: PreferenceStore): Record<string, string[]> {
  try {
    const raw: unknown = JSON.parse(store.getItem(COLUMN_SETS_KEY) ?? '{}');
    if (typeof raw !== 'object' || raw === null) return {};
    return Object.fromEntries(
      Object.entries(raw).filter(
        (e): e is [string, string[]] => Array.isArray(e[1]) && e[1].every((c) => typeof c === 'string'),
      ),
    );
  } catch {
    return {};
  }
}

/** Saves the shown columns under a name (trimmed, at most 40 characters); answers the sets. */
export function saveColumnSet(
  store: PreferenceStore,
  name: string,
  columns: readonly string[],
): Record<string, string[]> {
  const sets = { ...readColumnSets(store), [name.trim().slice(0, 40)]: [...columns] };
  store.setItem(COLUMN_SETS_KEY, JSON.stringify(sets));
  return sets;
}

/** Column sets every desk has, beside the ones a person saves. */
export const BOARD_COLUMN_SETS: Readonly<Record<string, readonly string[]>> = {
  Risk: boardColumns.filter((c) => !c.hidden).map((c) => c.id),
  Balances: ['attention', 'label', 'groups', 'equity', 'main', 'free', 'locked', 'collateral', 'asOf'],
  'Profit and loss': ['attention', 'label', 'equity', 'upnl', 'rpnl', 'marginUsed', 'positions', 'asOf'],
  Everything: boardColumns.map((c) => c.id),
};
