/**
 * The desk's address book, order guards and alerts, shared item by item (an address, the guards, an
 * alert) through the team store. Each profile keeps them in its own files as before, which stay
 * usable offline; what the team store last said of each item is kept beside them
 * (`team-shared.json`), so a change made here is told from one that came from a teammate: a local
 * change is sent when the store is reachable (the item's latest write wins), a teammate's change is
 * taken unless this profile changed the same item and has not sent it yet.
 */
import { readFileSync } from 'node:fs';
import { canonicalJson } from '../exchange/request-hash.ts';
import { writeJsonFile } from '../json-file.ts';
import type { Logger } from '../log.ts';
import { readChanges, START, type ChangeCursor, type FeedTable } from './changes.ts';
import type { TeamPart } from './desk.ts';
import type { TeamStore } from './store.ts';

export type CollectionName = 'address-book' | 'order-guards' | 'alerts';

/** A profile's own store of one collection, as the sharing sees it: items by id. */
export interface SharedCollection {
  readonly name: CollectionName;
  items(): Record<string, unknown>;
  /** Takes the items as the team has them. */
  replace(items: Record<string, unknown>): void;
  /** Hears the profile's own changes. */
  onChange(listener: () => void): () => void;
}

interface State {
  desk: string;
  cursor: ChangeCursor;
  /** What the team store last said of each item (null: removed). */
  team: Partial<Record<CollectionName, Record<string, unknown>>>;
}

const FEED: FeedTable = {
  table: 'shared_items',
  key: [
    ['collection', 'text'],
    ['id', 'text'],
  ],
  columns: 'collection, id, body, removed',
};

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

export class TeamSharedItems implements TeamPart {
  readonly tables = ['shared_items'];
  readonly #store: TeamStore;
  readonly #file: string;
  readonly #log: Logger;
  readonly #collections: SharedCollection[];
  readonly #stops: Array<() => void>;
  #state: State | undefined;
  #busy: Promise<void> = Promise.resolve();

  constructor(store: TeamStore, file: string, collections: SharedCollection[], log: Logger) {
    this.#store = store;
    this.#file = file;
    this.#log = log;
    this.#collections = collections;
    this.#stops = collections.map((c) => c.onChange(() => void this.#queue(() => this.#send(c))));
  }

  /** One step at a time: pulls and sends never interleave. */
  #queue(step: () => Promise<void>): Promise<void> {
    this.#busy = this.#busy.then(step).catch((error: unknown) => {
      this.#log.log('warn', "could not share the desk's address book, guards or alerts", error);
    });
    return this.#busy;
  }

  #load(): State {
    const desk = this.#store.deskId ?? 'desk';
    if (this.#state?.desk === desk) return this.#state;
    try {
      const saved = JSON.parse(readFileSync(this.#file, 'utf8')) as State;
      if (saved.desk === desk) return (this.#state = saved);
    } catch {
      // none yet: this profile has not shared with this desk
    }
    return (this.#state = { desk, cursor: START, team: {} });
  }

  #save(state: State): void {
    writeJsonFile(this.#file, state, false);
  }

  /** Reads the team's changes into the collections; true when the pass was held back (`ChangePage.held`). */
  async pull(): Promise<boolean> {
    let held = false;
    await this.#queue(async () => {
      held = await this.#pullAll();
    });
    return held;
  }

  async #pullAll(): Promise<boolean> {
    const state = this.#load();
    const first = canonicalJson(state.cursor) === canonicalJson(START);
    for (;;) {
      const page = await readChanges<{
        collection: CollectionName;
        id: string;
        body: unknown;
        removed: boolean;
      }>(this.#store, FEED, state.cursor, 1_000);
      const touched = new Map<CollectionName, Record<string, unknown>>();
      for (const row of page.rows) {
        const team = (state.team[row.collection] ??= {});
        const was = touched.get(row.collection) ?? { ...team };
        touched.set(row.collection, was);
        team[row.id] = row.removed ? null : row.body;
      }
      for (const [name, before] of touched) this.#take(name, before, state.team[name] ?? {}, first);
      state.cursor = page.next;
      this.#save(state);
      if (page.done) return page.held === true;
    }
  }

  /** Applies the team's new items to the collection, keeping this profile's unsent changes. */
  #take(
    name: CollectionName,
    before: Record<string, unknown>,
    team: Record<string, unknown>,
    first: boolean,
  ): void {
    const collection = this.#collections.find((c) => c.name === name);
    if (!collection) return;
    const local = collection.items();
    const next = new Map(Object.entries(local));
    for (const [id, value] of Object.entries(team)) {
      const clean = first || same(local[id], before[id]);
      if (!clean || same(before[id], value)) continue;
      if (value === null) next.delete(id);
      else next.set(id, value);
    }
    const items = Object.fromEntries(next);
    if (!same(items, local)) collection.replace(items);
  }

  /** Sends what this profile changed in `collection` and the team store lacks. */
  async #send(collection: SharedCollection): Promise<void> {
    if (!this.#store.connected) return;
    const state = this.#load();
    const team = (state.team[collection.name] ??= {});
    const local = collection.items();
    const changed = Object.entries(local).filter(([id, body]) => !same(body, team[id]));
    const removed = Object.keys(team).filter((id) => team[id] !== null && !(id in local));
    if (changed.length === 0 && removed.length === 0) return;
    await this.#store.transaction(async (client) => {
      for (const [id, body] of changed)
        await client.query(
          `INSERT INTO shared_items (collection, id, body, removed, updated_at_ms) VALUES ($1, $2, $3, false, $4)
           ON CONFLICT (collection, id) DO UPDATE SET body = excluded.body, removed = false,
             updated_at_ms = excluded.updated_at_ms`,
          [collection.name, id, JSON.stringify(body), Date.now()],
        );
      for (const id of removed)
        await client.query(
          'UPDATE shared_items SET removed = true, updated_at_ms = $3 WHERE collection = $1 AND id = $2',
          [collection.name, id, Date.now()],
        );
    });
    for (const [id, body] of changed) team[id] = body;
    for (const id of removed) team[id] = null;
    this.#save(state);
  }

  /** After each connect, once pulled: sends what changed here meanwhile. */
  async connected(): Promise<void> {
    for (const c of this.#collections) await this.#queue(() => this.#send(c));
  }

  close(): void {
    for (const stop of this.#stops) stop();
  }
}
