// What the command palette finds besides commands: the accounts (by label, kind, group, tag) and the
// markets (by name, base, quote, type). Pure: App.svelte gives the lists and what choosing does.
import type { AccountView, MarketView } from '../../../../main/ipc/contract.ts';
import type { PaletteEntry } from './palette.svelte.ts';
import { marketName } from '../format/number.ts';

export const KIND_WORDS: Readonly<Record<AccountView['kind'], string>> = {
  main: 'main account',
  sub: 'sub-account',
};

export function accountEntries(
  accounts: readonly AccountView[],
  currentId: string,
  choose: (account: AccountView) => void,
): PaletteEntry[] {
  return accounts.map((a) => ({
    id: `palette.account.${a.id}`,
    group: 'Account',
    title: a.id === currentId ? `${a.label} (working on it)` : `Work on ${a.label}`,
    detail: [KIND_WORDS[a.kind], ...a.groups].join(' · '),
    keywords: [a.label, a.kind, ...a.groups, ...a.tags, a.favourite ? 'favourite' : ''].join(' '),
    run: () => choose(a),
  }));
}

export function marketEntries(
  markets: readonly MarketView[],
  open: (market: string) => void,
): PaletteEntry[] {
  return markets.map((m) => {
    const [base = m.name, quote = ''] = m.name.split('_');
    return {
      id: `palette.market.${m.name}`,
      group: 'Market',
      title: `Trade ${marketName(m.name)}`,
      detail: m.type,
      keywords: [m.name, `${base}/${quote}`, base, quote, m.type].join(' '),
      run: () => open(m.name),
    };
  });
}

/** The palette title of favourite slot `n`: the account's label with its chord. */
export function favouriteTitle(
  account: AccountView | undefined,
  n: number,
  chord: string | undefined,
): string {
  const who = account ? account.label : `favourite account ${String(n)}`;
  return `Switch to ${who}${chord ? ` (${chord})` : ''}`;
}
