/**
 * Pushes keep the last known state too, not only reads: what an account's WebSocket pushes (changed
 * spot and collateral balances, open orders coming and going, its positions) is merged into the
 * value of that kind held in memory (`LastKnown`), stamped with the push's time, and handed at once
 * to its followers (the board, alerts, screens); the cache is written behind them, one transaction
 * per window however many pushes arrive. A kind never read yet is left alone (a push names only what
 * changed, so on its own it is not the whole list).
 */
import type { KnownKind, KnownKinds } from '../../views/known.ts';
import type { LiveEvent } from '../../views/live.ts';
import type { Logger } from '../../log.ts';
import type { MergedState } from '../../bus.ts';
import type { LastKnown, LastKnownWrite } from '../../services/live/last-known.ts';
import { applyPushes } from '../../services/trading/position-legs.ts';

/** Writing window: what pushes changed is stored behind its followers, one transaction per window. */
export const PUSH_WINDOW_MS = 250;

interface Pending {
  events: LiveEvent[];
  /** The time of the pushes. */
  atMs: number;
  /** Whether the account's `positionsMargin` pushes cover every market (a `*` subscription). */
  allPositions: boolean;
}

/** One stored value a push changes: its kind and scope, under an account. */
type Slot = { account: string; kind: KnownKind; scope: string };
const slotKey = (s: Slot) => `${s.account}\n${s.kind}\n${s.scope}`;

export interface PushedStateOptions {
  /** How long written values gather before they go to the cache in one transaction. */
  windowMs?: number;
  now?: () => number;
  /** Told at once of each account's merged state, before it is written (the board, alerts, screens). */
  onMerged?: (merged: MergedState) => void;
}

export class PushedState {
  readonly #store: LastKnown;
  readonly #log: Logger;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #onMerged: PushedStateOptions['onMerged'];
  /** Merged values not written yet, by slot (the newest of each). */
  #unwritten = new Map<string, LastKnownWrite>();
  /** Per account, its pushes waiting for a first read of their stored state (in order). */
  readonly #loading = new Map<string, Promise<void>>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(store: LastKnown, log: Logger, options: PushedStateOptions = {}) {
    this.#store = store;
    this.#log = log;
    this.#windowMs = options.windowMs ?? PUSH_WINDOW_MS;
    this.#now = options.now ?? Date.now;
    this.#onMerged = options.onMerged;
  }

  /**
   * Merges an account's batch of pushes (already read into their views) into its state now, tells the
   * followers, and queues the write. Only a value this process has not seen yet is read from the
   * cache first (once); nothing just written is read back.
   */
  add(account: string, events: readonly LiveEvent[], allPositions: boolean): void {
    const kept = events.filter((e) => KEPT.has(e.channel));
    if (kept.length === 0) return;
    const p: Pending = { events: kept, atMs: this.#now(), allPositions };
    const slots = slotsOf(account, p);
    const unseen = slots.filter((s) => this.#store.peek(s.account, s.kind, s.scope) === undefined);
    const before = this.#loading.get(account);
    if (!before && unseen.length === 0) return this.#apply(account, slots, p);
    const next: Promise<void> = (before ?? Promise.resolve())
      .then(() => this.#load(unseen))
      .then(() => this.#apply(account, slots, p))
      .catch((error: unknown) => this.#log.log('warn', 'could not merge the pushed state', error))
      .finally(() => {
        if (this.#loading.get(account) === next) this.#loading.delete(account);
      });
    this.#loading.set(account, next);
  }

  #apply(account: string, slots: readonly Slot[], p: Pending): void {
    const writes = new Map<string, LastKnownWrite>();
    const merged: MergedState = { account, values: {}, kinds: [], asOfMs: p.atMs };
    for (const slot of slots) {
      if (writes.has(slotKey(slot))) continue;
      // A kind never read is left alone: a push names only what changed.
      const before = this.#store.peek(slot.account, slot.kind, slot.scope);
      if (!before || before.asOfMs > p.atMs) continue;
      const value = merge(slot, before.value, p);
      if (value === undefined) continue;
      writes.set(slotKey(slot), { ...slot, value, takenAtMs: p.atMs });
      if (!merged.kinds.includes(slot.kind)) merged.kinds.push(slot.kind);
      if (slot.scope === '') (merged.values as Record<string, unknown>)[slot.kind] = value;
      else {
        const scoped = (merged.scoped ??= {}) as Record<string, Record<string, unknown>>;
        (scoped[slot.kind] ??= {})[slot.scope] = value;
      }
    }
    if (writes.size === 0) return;
    this.#store.hold([...writes.values()]);
    for (const [key, w] of writes) this.#unwritten.set(key, w);
    this.#timer ??= setTimeout(() => void this.flush(), this.#windowMs);
    try {
      this.#onMerged?.(merged);
    } catch (error) {
      this.#log.log('warn', 'a follower of the pushed state failed', error);
    }
  }

  /** Reads the stored values of slots never seen, one read per kind and scope. */
  async #load(slots: readonly Slot[]): Promise<void> {
    const groups = new Map<string, { kind: KnownKind; scope: string; accounts: string[] }>();
    for (const s of slots) {
      const key = `${s.kind}\n${s.scope}`;
      const g = groups.get(key) ?? { kind: s.kind, scope: s.scope, accounts: [] };
      g.accounts.push(s.account);
      groups.set(key, g);
    }
    await Promise.all([...groups.values()].map((g) => this.#store.recallAll(g.kind, g.accounts, g.scope)));
  }

  /** Writes what is merged now, in one transaction (also run by the window's timer). */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await Promise.all(this.#loading.values());
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const writes = [...this.#unwritten.values()];
    this.#unwritten = new Map();
    if (writes.length > 0) {
      // One write at a time, in order.
      this.#writing = this.#writing
        .then(() => this.#store.rememberAll(writes))
        .catch((error: unknown) => this.#log.log('warn', 'could not keep the pushed state', error));
    }
    return this.#writing;
  }
}

const KEPT: ReadonlySet<LiveEvent['channel']> = new Set([
  'balanceSpot',
  'balanceMargin',
  'ordersPending',
  'positionsMargin',
  'positionsAccountMargin',
]);

function slotsOf(account: string, p: Pending): Slot[] {
  const slots: Slot[] = [];
  const add = (kind: KnownKind, scope = '') => slots.push({ account, kind, scope });
  for (const e of p.events) {
    if (e.channel === 'balanceSpot') add('balances.spot');
    else if (e.channel === 'balanceMargin') {
      add('balances.collateral');
      add('collateral.overview');
    } else if (e.channel === 'ordersPending') {
      add('orders.open');
      add('orders.open', e.order.market);
      // an order that ended leaves the positions it was a take-profit or stop-loss of
      if (e.event === 'finish') {
        add('positions.open');
        add('positions.open', e.order.market);
      }
    } else if (e.channel === 'positionsMargin' && p.allPositions) {
      add('positions.open');
      for (const r of e.records) add('positions.open', r.market);
    } else if (e.channel === 'positionsAccountMargin') {
      add('positions.open');
      add('positions.open', e.position.market);
    }
  }
  return slots;
}

/** The stored value with the window's pushes applied in order; undefined when none concerns it. */
function merge(slot: Slot, before: unknown, p: Pending): unknown {
  switch (slot.kind) {
    case 'balances.spot': {
      let value = before as KnownKinds['balances.spot'];
      for (const e of p.events) if (e.channel === 'balanceSpot') value = { ...value, ...e.balances };
      return value;
    }
    case 'balances.collateral': {
      let value = before as KnownKinds['balances.collateral'];
      for (const e of p.events) if (e.channel === 'balanceMargin') value = { ...value, ...marginBalances(e) };
      return value;
    }
    case 'collateral.overview': {
      const view = before as KnownKinds['collateral.overview'];
      let balances = view.balances;
      for (const e of p.events)
        if (e.channel === 'balanceMargin') {
          balances = { ...balances, ...marginBalances(e) };
          // The overview lists only what is on the balance.
          balances = Object.fromEntries(Object.entries(balances).filter(([, v]) => !/^-?0*(\.0*)?$/.test(v)));
        }
      return { ...view, balances };
    }
    case 'orders.open': {
      let orders = before as KnownKinds['orders.open'];
      for (const e of p.events) {
        if (e.channel !== 'ordersPending') continue;
        if (slot.scope && e.order.market !== slot.scope) continue;
        const rest = orders.filter((o) => o.orderId !== e.order.orderId);
        // a push names what the socket's order carries: what only REST said of the order (a stop
        // order's trigger, its OTO legs, the fee asset) is kept from what was known of it
        const known = orders.find((o) => o.orderId === e.order.orderId);
        orders = e.event === 'finish' ? rest : [...rest, { ...known, ...e.order }];
      }
      return orders;
    }
    case 'positions.open':
      return applyPushes(before as KnownKinds['positions.open'], p.events, p.allPositions, slot.scope);
    default:
      return undefined;
  }
}

/** The collateral balance of each ticker a `balanceMargin` push names. */
function marginBalances(e: Extract<LiveEvent, { channel: 'balanceMargin' }>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(e.balances).flatMap(([ticker, f]) =>
      typeof f['balance'] === 'string' ? [[ticker, f['balance']]] : [],
    ),
  );
}
