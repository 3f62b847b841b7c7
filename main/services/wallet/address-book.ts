/**
 * The profile's address book: labelled withdrawal addresses per network, kept in
 * `profiles/<profile>/address-book.json` beside the account registry. An address is checked for its
 * network before it is added, and added only once the person confirmed main's own question naming the
 * label, the network and the whole address (a page cannot make an address trusted on its own), and
 * removed only once the person confirmed its own question too: a withdrawal to an address not in the
 * book asks an extra confirmation. A label with a character a person cannot see or tell from a space is
 * refused, naming where it sits, and one that reads the same as one in the book (look-alike letters,
 * letter case, invisible or blank-looking characters) naming the one it resembles. On a team desk the book
 * is the desk's: a teammate's entries are taken only once they pass the same checks (`replace`), and
 * only a treasurer or an admin changes it (`useWriteCheck`).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { UserFacingError } from '../../errors.ts';
import { canonicalJson } from '../../exchange/request-hash.ts';
import type { AddressEntryView } from '../../views/wallet.ts';
import { writeJsonFile } from '../../json-file.ts';
import type { Logger } from '../../log.ts';
import { headlessPlatform, type Platform } from '../../platform.ts';
import { canonicalAddress, checkAddress } from '../../rules/address.ts';
import { labelRefusal, lookAlikeOf } from '../../rules/label-skeleton.ts';
import { requireConfirmation } from '../confirm.ts';

const isSame = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** The entry of `entries` for this address (and memo) on this network. */
function findIn(
  entries: readonly AddressEntryView[],
  network: string,
  address: string,
  memo: string | undefined,
): AddressEntryView | undefined {
  const key = canonicalAddress(network, address);
  const tag = memo?.trim() || null;
  return entries.find(
    (e) =>
      e.network.toUpperCase() === network.toUpperCase() &&
      canonicalAddress(e.network, e.address) === key &&
      e.memo === tag,
  );
}

const stored = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      network: z.string(),
      address: z.string(),
      memo: z.string().nullable(),
      addedAtMs: z.number(),
    }),
  ),
});

/** At most this many addresses per profile. */
export const ADDRESS_BOOK_LIMIT = 500;

/** An entry as the team store carries it: checked as the fields of `wallet.addAddress` are. */
const teamEntry = z.strictObject({
  id: z.uuid(),
  label: z.string().trim().min(1).max(64),
  network: z.string().trim().min(1).max(32),
  address: z.string().trim().min(1).max(255),
  memo: z.string().trim().max(64).nullable(),
  addedAtMs: z.number().int().nonnegative(),
});

/** An entry of the team's book this app did not take, and why, in words. */
export interface RefusedItem {
  id: string;
  problem: string;
}

export class AddressBook {
  readonly #file: string;
  readonly #platform: Platform;
  #entries: AddressEntryView[];
  readonly #listeners = new Set<() => void>();
  #mayWrite: (() => void) | undefined;

  constructor(file: string, log?: Logger, platform: Platform = headlessPlatform) {
    this.#file = file;
    this.#platform = platform;
    this.#entries = [];
    try {
      this.#entries = stored.parse(JSON.parse(readFileSync(file, 'utf8'))).entries;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        log?.log('warn', 'the address book could not be read; it starts empty', error);
    }
  }

  /** Every entry, by label. */
  list(): AddressEntryView[] {
    return [...this.#entries].sort((a, b) => a.label.localeCompare(b.label));
  }

  /** The entry for this address (and memo) on this network, if the book has it. */
  find(network: string, address: string, memo?: string): AddressEntryView | undefined {
    return findIn(this.#entries, network, address, memo);
  }

  /** The first thing that keeps `input` out of a book holding `entries`, as a refusal in words. */
  #problem(
    input: { label: string; network: string; address: string; memo?: string | undefined },
    entries: readonly AddressEntryView[],
  ): UserFacingError | undefined {
    const issue = checkAddress(input.network, input.address, input.memo);
    if (issue) return new UserFacingError('invalid_input', issue.message, issue.field);
    const existing = findIn(entries, input.network, input.address, input.memo);
    if (existing)
      return new UserFacingError(
        'duplicate',
        `This address is already in the book as "${existing.label}".`,
        'address',
      );
    const refusal = labelRefusal(
      input.label.trim(),
      entries.map((e) => e.label),
      'address',
    );
    if (refusal)
      return new UserFacingError(
        refusal.problem === 'lookAlike' ? 'duplicate' : 'invalid_input',
        refusal.message,
        'label',
      );
    if (entries.length >= ADDRESS_BOOK_LIMIT)
      return new UserFacingError(
        'limit',
        `The book holds at most ${String(ADDRESS_BOOK_LIMIT)} addresses: remove one first.`,
      );
    return undefined;
  }

  async add(input: {
    label: string;
    network: string;
    address: string;
    memo?: string | undefined;
  }): Promise<AddressEntryView> {
    this.#mayWrite?.();
    const problem = this.#problem(input, this.#entries);
    if (problem) throw problem;
    const entry: AddressEntryView = {
      id: randomUUID(),
      label: input.label,
      network: input.network.toUpperCase(),
      address: input.address.trim(),
      memo: input.memo?.trim() || null,
      addedAtMs: Date.now(),
    };
    await requireConfirmation(this.#platform, {
      title: `Add "${entry.label}" to your address book?`,
      facts: [
        { label: 'Label', value: entry.label },
        { label: 'Network', value: entry.network },
        { label: 'Address', value: entry.address },
        ...(entry.memo ? [{ label: 'Memo', value: entry.memo }] : []),
      ],
      action: 'Add address',
      warning:
        'Withdrawals to this address will no longer warn that it is not in your address book: check every character against where you got it.',
    });
    // another add may have taken the label or the address while the question was open
    if (
      this.find(entry.network, entry.address, entry.memo ?? undefined) ||
      lookAlikeOf(
        entry.label,
        this.#entries.map((e) => e.label),
      ) !== undefined
    )
      throw new UserFacingError('duplicate', 'The address book changed while you were asked: add it again.');
    this.#save([...this.#entries, entry]);
    return entry;
  }

  /**
   * Removes an entry once the person confirmed main's question naming its label, network and address:
   * withdrawals to it then warn again that it is not in the book.
   */
  async remove(id: string): Promise<void> {
    this.#mayWrite?.();
    const entry = this.#entries.find((e) => e.id === id);
    if (!entry) throw new UserFacingError('not_found', 'That address is no longer in the book.', 'id');
    await requireConfirmation(this.#platform, {
      title: `Remove "${entry.label}" from your address book?`,
      facts: [
        { label: 'Label', value: entry.label },
        { label: 'Network', value: entry.network },
        { label: 'Address', value: entry.address },
        ...(entry.memo ? [{ label: 'Memo', value: entry.memo }] : []),
      ],
      action: 'Remove address',
      cancel: 'Keep it',
      warning: `Withdrawals to this address will warn again that it is not in your address book, and "${entry.label}" no longer names it in any dialog.`,
    });
    this.#save(this.#entries.filter((e) => e.id !== id));
  }

  /** Hears each change of the book saved here (an operator's own edits, not `replace`). */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Refuses, while this profile's part on a team desk does not cover changing the desk's book, with the
   * refusal `check` throws (undefined: anyone may, as when working alone).
   */
  useWriteCheck(check: (() => void) | undefined): void {
    this.#mayWrite = check;
  }

  /**
   * Takes the desk's book as the team store has it (teammates' additions, changes and removals), each
   * entry checked as if it were typed here: its fields, its address for its network, a label or an
   * address the book has already, the limit. An entry refused keeps what this book held under its id
   * (or stays out); the refusals are answered, in words.
   */
  replace(items: Record<string, unknown>): RefusedItem[] {
    const refused: RefusedItem[] = [];
    const kept: AddressEntryView[] = [];
    const own = new Map(this.#entries.map((e) => [e.id, e]));
    // Entries this book holds as they are go first: a newcomer cannot push one of them out.
    const order = Object.entries(items).sort(
      ([a, x], [b, y]) => Number(!isSame(own.get(a), x)) - Number(!isSame(own.get(b), y)),
    );
    for (const [id, body] of order) {
      const parsed = teamEntry.safeParse(body);
      const problem = !parsed.success
        ? 'it is not an address-book entry this app can read'
        : parsed.data.id !== id
          ? 'it names another entry'
          : this.#problem(
              { ...parsed.data, memo: parsed.data.memo ?? undefined },
              kept.filter((e) => e.id !== id),
            )?.message;
      if (parsed.success && problem === undefined) {
        const e = parsed.data;
        kept.push({ ...e, network: e.network.toUpperCase(), memo: e.memo?.trim() || null });
        continue;
      }
      refused.push({ id, problem: problem ?? 'it cannot be read' });
      const was = own.get(id);
      if (was) kept.push(was);
    }
    writeJsonFile(this.#file, { entries: kept });
    this.#entries = kept;
    return refused;
  }

  #save(entries: AddressEntryView[]): void {
    writeJsonFile(this.#file, { entries });
    this.#entries = entries;
    for (const listener of this.#listeners) listener();
  }
}
