import type { AccountView } from '../../../../main/ipc/contract.ts';
import { matchScore } from '../hotkeys/palette.svelte.ts';
import { TypedList } from '../hotkeys/typed-list.svelte.ts';

/** At most this many accounts are drawn in the list; the rest are counted ("1,000 more: type…"). */
export const PICKER_LIMIT = 50;

/** The words an account is found by: label, id, kind, groups, tags, and "favourite". */
function searchText(a: AccountView): string {
  return [a.label, a.id, a.kind, ...a.groups, ...a.tags, a.favourite ? 'favourite' : ''].join(' ');
}

/**
 * The accounts that match `query` (every word in the label, id, kind, groups or tags, as in the
 * command palette), best match first; favourites before the rest where the match is as good, then
 * the list's own order. An empty query keeps every account, favourites first.
 */
export function pickAccounts(accounts: readonly AccountView[], query: string): AccountView[] {
  const scored: { account: AccountView; score: number; index: number }[] = [];
  accounts.forEach((account, index) => {
    const score = query.trim() ? matchScore(searchText(account), query) : 0;
    if (score !== undefined) scored.push({ account, score, index });
  });
  return scored
    .sort(
      (a, b) =>
        a.score - b.score || Number(b.account.favourite) - Number(a.account.favourite) || a.index - b.index,
    )
    .map((s) => s.account);
}

/**
 * The top bar's account picker: open or closed, what is typed, the matching accounts (only the
 * first `PICKER_LIMIT` are drawn, so a desk of thousands opens at once) and the highlighted one.
 */
export class AccountPickerState extends TypedList<AccountView> {
  readonly #accounts: () => readonly AccountView[];

  constructor(accounts: () => readonly AccountView[]) {
    super();
    this.#accounts = accounts;
  }

  /** Every match, in order (computed only while the picker is open). */
  readonly matches: readonly AccountView[] = $derived.by(() =>
    this.open ? pickAccounts(this.#accounts(), this.query) : [],
  );

  /** The matches drawn in the list. */
  readonly shown: readonly AccountView[] = $derived(this.matches.slice(0, PICKER_LIMIT));

  /** Matches not drawn: narrow the words to reach them. */
  get more(): number {
    return this.matches.length - this.shown.length;
  }

  protected get entries(): readonly AccountView[] {
    return this.shown;
  }

  /** The highlighted account (or the one at `index`); the picker closes. */
  pick(index = this.active): AccountView | undefined {
    return this.take(index);
  }
}
