/**
 * The desk's address book, order guards and alerts, shared item by item (an address, the guards, an
 * alert) through the team store. Each profile keeps them in its own files as before, which stay
 * usable offline; what the team store last said of each item is kept beside them
 * (`team-shared.json`) with the items this operator changed here and the store does not hold yet
 * (`pending`): such a change is sent when the store is reachable (the item's latest write wins) and
 * this operator's part on the desk covers it; a teammate's change is taken unless this profile
 * changed the same item and has not sent it yet. A profile that joins a desk brings the items the
 * desk lacks, once, when its part covers them.
 *
 * A teammate's change is input, not truth: each collection checks the team's items as if they were
 * typed here and refuses those that fail (they stay as they were here); what was taken and what was
 * refused is told (`told`), with who changed it and when. A change of this operator's the store
 * refuses (their role) is undone here: the collection goes back to the desk's.
 */
import { readFileSync } from 'node:fs';
import type { TeamChangeView } from './records.ts';
import { canonicalJson } from '../exchange/request-hash.ts';
import { writeJsonFile } from '../json-file.ts';
import type { Logger } from '../log.ts';
import { itemWords, refusedWords, undoneWords } from './change-words.ts';
import { readChanges, START, type ChangeCursor, type FeedTable } from './changes.ts';
import type { TeamPart } from './desk.ts';
import type { TeamStore } from './store.ts';

export type CollectionName = 'address-book' | 'order-guards' | 'alerts';

/** A profile's own store of one collection, as the sharing sees it: items by id. */
export interface SharedCollection {
  readonly name: CollectionName;
  items(): Record<string, unknown>;
  /**
   * Takes the items as the team has them, each checked as if typed here; answers those refused (each
   * keeps what this profile held under its id, or stays out), with why in words.
   */
  replace(items: Record<string, unknown>): Array<{ id: string; problem: string }>;
  /** Hears the profile's own changes. */
  onChange(listener: () => void): () => void;
}

export interface SharedItemsOptions {
  store: TeamStore;
  /** Where what the team store last said of each item is kept. */
  file: string;
  collections: SharedCollection[];
  /** Whether this operator's part on the desk covers changing the collection (else it is not sent). */
  mayWrite: (name: CollectionName) => boolean;
  /** Hears each teammate's change taken or refused, and each own change the store refused. */
  told: (change: TeamChangeView) => void;
  log: Logger;
}

interface State {
  desk: string;
  cursor: ChangeCursor;
  /** What the team store last said of each item (null: removed), or what this profile kept instead. */
  team: Partial<Record<CollectionName, Record<string, unknown>>>;
  /** The items this operator changed here (or removed) that the store does not hold yet. */
  pending?: Partial<Record<CollectionName, string[]>>;
  /** The collections this profile brought its items to the desk for, once, on joining. */
  seeded?: CollectionName[];
}

interface Row {
  collection: CollectionName;
  id: string;
  body: unknown;
  removed: boolean;
  changed_by: string;
  changed_ms: string;
}

const FEED: FeedTable = {
  table: 'shared_items',
  key: [
    ['collection', 'text'],
    ['id', 'text'],
  ],
  columns: `collection, id, body, removed, changed_by, (extract(epoch FROM changed_at) * 1000)::bigint::text AS changed_ms`,
};

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

type Who = { by: string; atMs: number };

export class TeamSharedItems implements TeamPart {
  readonly tables = ['shared_items'];
  readonly #o: SharedItemsOptions;
  readonly #stops: Array<() => void>;
  #state: State | undefined;
  #busy: Promise<void> = Promise.resolve();

  constructor(options: SharedItemsOptions) {
    this.#o = options;
    this.#stops = options.collections.map((c) =>
      c.onChange(
        () =>
          void this.#queue(async () => {
            this.#mark(c, (local, team) => Object.keys({ ...local, ...team }));
            await this.#send(c);
          }),
      ),
    );
  }

  /** One step at a time: pulls and sends never interleave. */
  #queue(step: () => Promise<void>): Promise<void> {
    this.#busy = this.#busy.then(step).catch((error: unknown) => {
      this.#o.log.log('warn', "could not share the desk's address book, guards or alerts", error);
    });
    return this.#busy;
  }

  #load(): State {
    const desk = this.#o.store.deskId ?? 'desk';
    if (this.#state?.desk === desk) return this.#state;
    try {
      const saved = JSON.parse(readFileSync(this.#o.file, 'utf8')) as State;
      if (saved.desk === desk) return (this.#state = saved);
    } catch {
      // none yet: this profile has not shared with this desk
    }
    return (this.#state = { desk, cursor: START, team: {} });
  }

  #save(state: State): void {
    writeJsonFile(this.#o.file, state, false);
  }

  /**
   * Reads the team's changes into the collections, then sends what waits here; true when the pass was
   * held back (`ChangePage.held`).
   */
  async pull(): Promise<boolean> {
    let held = false;
    await this.#queue(async () => {
      held = await this.#pullAll();
      await this.#catchUp();
    });
    return held;
  }

  async #pullAll(): Promise<boolean> {
    const state = this.#load();
    const first = canonicalJson(state.cursor) === canonicalJson(START);
    for (;;) {
      const page = await readChanges<Row & Record<string, unknown>>(this.#o.store, FEED, state.cursor, 1_000);
      const touched = new Map<CollectionName, { before: Record<string, unknown>; who: Map<string, Who> }>();
      for (const row of page.rows) {
        const team = (state.team[row.collection] ??= {});
        const was = touched.get(row.collection) ?? { before: { ...team }, who: new Map<string, Who>() };
        touched.set(row.collection, was);
        team[row.id] = row.removed ? null : row.body;
        was.who.set(row.id, { by: row.changed_by, atMs: Number(row.changed_ms) });
      }
      for (const [name, { before, who }] of touched)
        this.#take(name, before, (state.team[name] ??= {}), who, first);
      state.cursor = page.next;
      this.#save(state);
      if (page.done) return page.held === true;
    }
  }

  /**
   * Applies the team's new items to the collection, keeping this profile's unsent changes; tells what
   * was taken and what refused. A refused item counts as the team's from now on as this profile kept
   * it, so it is neither sent back nor taken later.
   */
  #take(
    name: CollectionName,
    before: Record<string, unknown>,
    team: Record<string, unknown>,
    who: Map<string, Who>,
    first: boolean,
  ): void {
    const collection = this.#o.collections.find((c) => c.name === name);
    if (!collection) return;
    const local = collection.items();
    const next = new Map(Object.entries(local));
    const taken: string[] = [];
    // What an operator may not change is never theirs to keep: the desk's items are taken as they come.
    const mine = this.#o.mayWrite(name);
    const pending = new Set(this.#load().pending?.[name] ?? []);
    for (const [id, value] of Object.entries(team)) {
      const clean = first || !mine || !pending.has(id);
      if (!clean || same(local[id], value)) continue;
      taken.push(id);
      if (value === null) next.delete(id);
      else next.set(id, value);
    }
    if (taken.length === 0) return;
    const refused = collection.replace(Object.fromEntries(next));
    const now = collection.items();
    for (const { id, problem } of refused) {
      if (!taken.includes(id)) continue;
      team[id] = now[id] ?? null;
      const from = who.get(id);
      if (from) this.#o.told(refusedWords(name, id, next.get(id), problem, from));
    }
    if (first) return;
    for (const id of taken) {
      const from = who.get(id);
      if (!from || refused.some((r) => r.id === id)) continue;
      const words = itemWords(name, local[id], now[id], from);
      if (words) this.#o.told(words);
    }
  }

  /**
   * Marks as waiting for the store the items of `collection` that differ from what the store said,
   * among those `ids` picks (all changed here, or on joining the ones the desk lacks).
   */
  #mark(
    collection: SharedCollection,
    ids: (local: Record<string, unknown>, team: Record<string, unknown>) => string[],
  ): void {
    if (!this.#o.mayWrite(collection.name)) return;
    const state = this.#load();
    const team = state.team[collection.name] ?? {};
    const local = collection.items();
    const differ = ids(local, team).filter((id) => !same(local[id] ?? null, team[id] ?? null));
    if (differ.length === 0) return;
    const pending = new Set([...(state.pending?.[collection.name] ?? []), ...differ]);
    state.pending = { ...state.pending, [collection.name]: [...pending] };
    this.#save(state);
  }

  /** Sends what this profile changed in `collection` and the store does not hold yet. */
  async #send(collection: SharedCollection): Promise<void> {
    if (!this.#o.store.connected || !this.#o.mayWrite(collection.name)) return;
    const state = this.#load();
    const ids = state.pending?.[collection.name] ?? [];
    if (ids.length === 0) return;
    const team = (state.team[collection.name] ??= {});
    const local = collection.items();
    try {
      await this.#o.store.transaction(async (client) => {
        for (const id of ids) {
          const body = local[id];
          if (body !== undefined)
            await client.query(
              `INSERT INTO shared_items (collection, id, body, removed, updated_at_ms) VALUES ($1, $2, $3, false, $4)
               ON CONFLICT (collection, id) DO UPDATE SET body = excluded.body, removed = false,
                 updated_at_ms = excluded.updated_at_ms`,
              [collection.name, id, JSON.stringify(body), Date.now()],
            );
          else
            await client.query(
              'UPDATE shared_items SET removed = true, updated_at_ms = $3 WHERE collection = $1 AND id = $2',
              [collection.name, id, Date.now()],
            );
        }
      });
    } catch (error) {
      if ((error as { code?: string }).code !== '42501') throw error;
      this.#undo(collection, state);
      return;
    }
    for (const id of ids) team[id] = local[id] ?? null;
    state.pending = { ...state.pending, [collection.name]: [] };
    this.#save(state);
  }

  /** The store refused this operator's change (their role): the collection is the desk's again. */
  #undo(collection: SharedCollection, state: State): void {
    const team = state.team[collection.name] ?? {};
    collection.replace(Object.fromEntries(Object.entries(team).filter(([, body]) => body !== null)));
    state.pending = { ...state.pending, [collection.name]: [] };
    this.#save(state);
    this.#o.told(undoneWords(collection.name, this.#o.store.operator));
  }

  /** Brings this profile's items the desk lacks, once on joining, and sends what waits, where the part covers it. */
  async #catchUp(): Promise<void> {
    const state = this.#load();
    for (const c of this.#o.collections) {
      if (!this.#o.mayWrite(c.name)) continue;
      if (!state.seeded?.includes(c.name)) {
        this.#mark(c, (local, team) => Object.keys(local).filter((id) => !(id in team)));
        state.seeded = [...(state.seeded ?? []), c.name];
        this.#save(state);
      }
      await this.#send(c);
    }
  }

  /** After each connect, once pulled: sends what changed here meanwhile. */
  async connected(): Promise<void> {
    await this.#queue(() => this.#catchUp());
  }

  close(): void {
    for (const stop of this.#stops) stop();
  }
}
