import { describe, expect, it } from 'vitest';
import type { AccountView } from '../../../main/ipc/contract.ts';
import {
  AccountPickerState,
  PICKER_LIMIT,
  pickAccounts,
} from '../../../renderer/src/lib/managers/account-picker.svelte.ts';

const view = (n: number, extra: Partial<AccountView> = {}): AccountView => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  label: `Desk ${String(n)}`,
  kind: n === 1 ? 'main' : 'sub',
  subAccountId: n === 1 ? null : String(n),
  apiKeyHint: 'ab…cd',
  connection: 'sandbox',
  groups: [],
  tags: [],
  favourite: false,
  webhook: false,
  ...extra,
});

/** A desk of 1,200 accounts: a few in groups, two favourites late in the list. */
const desk = Array.from({ length: 1200 }, (_, i) =>
  view(i + 1, {
    ...(i % 100 === 0 ? { groups: ['Hedge'] } : {}),
    ...(i === 700 || i === 1100 ? { favourite: true } : {}),
  }),
);

describe('pickAccounts', () => {
  it('keeps every account with no words, favourites first, then the list order', () => {
    const picked = pickAccounts(desk, '  ');
    expect(picked).toHaveLength(1200);
    expect(picked.slice(0, 3).map((a) => a.label)).toEqual(['Desk 701', 'Desk 1101', 'Desk 1']);
  });

  it('finds by label, by id, by group and by kind; every word must match', () => {
    expect(pickAccounts(desk, 'desk 1199').map((a) => a.label)).toEqual(['Desk 1199']);
    // The whole id first; ids that hold its digits scattered come after it.
    expect(pickAccounts(desk, '000000000042')[0]?.label).toBe('Desk 42');
    expect(pickAccounts(desk, 'hedge')).toHaveLength(12);
    expect(pickAccounts(desk, 'hedge 301').map((a) => a.label)).toEqual(['Desk 301']);
    expect(pickAccounts(desk, 'main').map((a) => a.label)).toEqual(['Desk 1']);
    expect(pickAccounts(desk, 'nothing like it')).toEqual([]);
  });

  it('puts a favourite before an equally good match', () => {
    const accounts = [view(2, { label: 'Alpha one' }), view(3, { label: 'Alpha two', favourite: true })];
    expect(pickAccounts(accounts, 'alpha').map((a) => a.label)).toEqual(['Alpha two', 'Alpha one']);
  });
});

describe('AccountPickerState', () => {
  it('draws at most the limit and counts the rest; narrowing words reach any account', () => {
    const picker = new AccountPickerState(() => desk);
    expect(picker.matches).toEqual([]);
    picker.show();
    expect(picker.shown).toHaveLength(PICKER_LIMIT);
    expect(picker.more).toBe(1200 - PICKER_LIMIT);
    picker.setQuery('desk 1150');
    expect(picker.shown.map((a) => a.label)).toEqual(['Desk 1150']);
    expect(picker.more).toBe(0);
  });

  it('moves the highlight with wrap-around and picks the highlighted account, closing', () => {
    const picker = new AccountPickerState(() => desk.slice(0, 3));
    picker.show();
    picker.move(-1);
    expect(picker.active).toBe(2);
    picker.move(1);
    expect(picker.active).toBe(0);
    picker.move(1);
    expect(picker.pick()?.label).toBe('Desk 2');
    expect(picker.open).toBe(false);
  });

  it('picks nothing when nothing matches, and stays open', () => {
    const picker = new AccountPickerState(() => desk);
    picker.show();
    picker.setQuery('zzz');
    picker.move(1);
    expect(picker.pick()).toBeUndefined();
    expect(picker.open).toBe(true);
  });
});
