/** Named sets of board columns, kept in the profile's preferences. */
import type { PreferenceStore } from '../../lib/managers/storage.ts';

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
