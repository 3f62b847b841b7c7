/**
 * A teammate's change of the desk as a line of the Events list: who made it and when (the team
 * server's clock), and what it did in words: an account renamed, its sub-account id or key changed,
 * the account removed (and whether its key is still on this computer), this computer's account of
 * the same key become the desk's (and what the desk's row says otherwise), or a label this app did not
 * take; an address added, changed or removed; the order guards moved; or a change this app refused,
 * and why.
 */
import type { TeamChangeView } from './records.ts';
import { guardChanges } from '../rules/guard-changes.ts';
import type { GuardSettings } from '../rules/guards.ts';
import { visibleText } from '../rules/label-skeleton.ts';
import { clockWords } from '../rules/words.ts';
import type { IdentityChange } from '../vault/shared.ts';
import type { CollectionName } from './shared-items.ts';

const FIELD_WORDS = { label: 'label', subAccountId: 'sub-account id' } as const;
const KIND_WORDS: Record<string, string> = { main: 'main account', sub: 'sub-account' };
const shownKey = (key: string | null) =>
  key === null || key === '' ? 'none' : key.length > 12 ? `${key.slice(0, 4)}…${key.slice(-4)}` : key;

function fieldWords(f: IdentityChange['fields'][number]): string {
  if (f.field === 'apiKey') return `API key ${shownKey(f.from)} → ${shownKey(f.to)}`;
  if (f.field === 'webhookApiKey') return `webhook key ${shownKey(f.from)} → ${shownKey(f.to)}`;
  if (f.field === 'kind')
    return `kind ${KIND_WORDS[f.from ?? ''] ?? 'none'} → ${KIND_WORDS[f.to ?? ''] ?? 'none'}`;
  return `${FIELD_WORDS[f.field]} "${f.from ?? 'none'}" → "${f.to ?? 'none'}"`;
}

/**
 * This computer's account became the desk's account of the same key: what the desk's row (written
 * by `by`) says otherwise, and whether a secret stayed behind.
 */
function twinWords(c: IdentityChange & { was: string }, by: string, atMs: number, now: number) {
  return {
    atMs,
    by,
    what: 'account' as const,
    account: c.id,
    title: `"${c.was}" is the desk's "${c.label}" now, as ${by} registered it at ${clockWords(atMs, now)}`,
    words: [
      ...c.fields.map(fieldWords),
      c.keyKept
        ? "A secret of it stayed on this computer (the desk's account has another): delete it under Accounts → Removed from the desk once you are sure it is not needed."
        : "Its secrets on this computer are the desk's account's now.",
    ].join(' · '),
    level: c.fields.some((f) => f.field !== 'label') || c.keyKept ? ('warning' as const) : ('info' as const),
  };
}

/** An account's identity changed, or it was removed, by a teammate. */
export function identityWords(c: IdentityChange, now = Date.now()): TeamChangeView {
  const by = c.by ?? 'an operator';
  const atMs = c.atMs ?? now;
  if (c.refused) {
    const { label, problem, kept, newAccount } = c.refused;
    return {
      atMs,
      by,
      what: 'account',
      account: c.id,
      title: `Not taken: ${by}'s label "${visibleText(label)}" for ${newAccount ? 'a new account' : `"${kept}"`} at ${clockWords(atMs, now)}`,
      words: `${newAccount ? `This app named the account "${kept}"` : `This app kept "${kept}"`}: ${problem}`,
      level: 'warning',
    };
  }
  if (c.removed)
    return {
      atMs,
      by,
      what: 'account',
      title: `"${c.label}" removed from the desk by ${by} at ${clockWords(atMs, now)}`,
      words: c.keyKept
        ? 'Its key is still on this computer: delete it under Accounts → Removed from the desk once you are sure it is not needed.'
        : 'Its key was not on this computer.',
      level: c.keyKept ? 'warning' : 'info',
    };
  if (c.was !== undefined) return twinWords({ ...c, was: c.was }, by, atMs, now);
  const parts = c.fields.map(fieldWords);
  return {
    atMs,
    by,
    what: 'account',
    account: c.id,
    title: `"${c.label}" changed by ${by} at ${clockWords(atMs, now)}`,
    words: parts.join(' · '),
    level: c.fields.some((f) => f.field !== 'label') ? 'warning' : 'info',
  };
}

/** What these words read of a shared address-book entry (the address book's entries carry more). */
interface SharedAddress {
  label: string;
  network: string;
  address: string;
  memo: string | null;
}

const address = (e: SharedAddress) => `${e.network} ${e.address}${e.memo ? ` (memo ${e.memo})` : ''}`;

const COLLECTION_WORDS: Record<CollectionName, string> = {
  'address-book': "the desk's address book",
  'order-guards': "the desk's order guards",
  alerts: "the desk's alerts",
};

/** A change of a shared item this app took; undefined for one not told (alerts come and fire often). */
export function itemWords(
  name: CollectionName,
  before: unknown,
  after: unknown,
  who: { by: string; atMs: number },
  now = Date.now(),
): TeamChangeView | undefined {
  const when = `by ${who.by} at ${clockWords(who.atMs, now)}`;
  const base = { atMs: who.atMs, by: who.by, what: name, level: 'info' as const };
  if (name === 'address-book') {
    const was = before as SharedAddress | null | undefined;
    const now_ = after as SharedAddress | null | undefined;
    if (!now_ && was)
      return { ...base, title: `Address "${was.label}" removed ${when}`, words: address(was) };
    if (now_ && !was)
      return { ...base, title: `Address "${now_.label}" added ${when}`, words: address(now_) };
    if (!now_ || !was) return undefined;
    const moved = address(was) !== address(now_);
    return {
      ...base,
      title: `Address "${now_.label}" changed ${when}`,
      words: [
        ...(was.label !== now_.label ? [`label "${was.label}" → "${now_.label}"`] : []),
        ...(moved ? [`${address(was)} → ${address(now_)}`] : []),
      ].join(' · '),
      level: moved ? 'warning' : 'info',
    };
  }
  if (name === 'order-guards' && before && after) {
    const moves = guardChanges(before as GuardSettings, after as GuardSettings);
    return {
      ...base,
      title: `Order guards changed ${when}`,
      words: moves.map((m) => `${m.label} ${m.value}`).join(' · ') || 'no threshold moved',
      level: moves.some((m) => m.looser) ? 'warning' : 'info',
    };
  }
  return undefined;
}

/** A teammate's change this app refused: it stays as it was here. */
export function refusedWords(
  name: CollectionName,
  id: string,
  body: unknown,
  problem: string,
  who: { by: string; atMs: number },
  now = Date.now(),
): TeamChangeView {
  const label =
    typeof body === 'object' && body !== null && typeof (body as { label?: unknown }).label === 'string'
      ? ` "${(body as { label: string }).label}"`
      : name === 'order-guards'
        ? ''
        : ` ${id}`;
  return {
    atMs: who.atMs,
    by: who.by,
    what: name,
    title: `Not taken: ${who.by}'s change of ${COLLECTION_WORDS[name]}${label} at ${clockWords(who.atMs, now)}`,
    words: `This app kept what it had: ${problem}.`,
    level: 'warning',
  };
}

/** This operator's own change the team server refused (their part does not cover it): undone here. */
export function undoneWords(name: CollectionName, operator: string, now = Date.now()): TeamChangeView {
  return {
    atMs: now,
    by: operator,
    what: name,
    title: `Your change of ${COLLECTION_WORDS[name]} was not shared`,
    words: `The team server refused it (your role on the desk does not cover it): ${COLLECTION_WORDS[name]} here is the desk's again.`,
    level: 'warning',
  };
}
