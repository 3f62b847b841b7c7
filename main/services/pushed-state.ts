/**
 * Pushes keep the last known state too, not only reads: what an account's WebSocket pushes (changed
 * spot and collateral balances, open orders coming and going, its positions) is merged into the
 * stored value of that kind, stamped with the push's time. Pushes are gathered over a short window
 * and written in one transaction per window, however many arrive; a kind never read yet is left
 * alone (a push names only what changed, so on its own it is not the whole list).
 */
import type { KnownKind, KnownKinds } from '../domains/known/views.ts';
import type { LiveEvent } from '../domains/live/views.ts';
import type { Logger } from '../log.ts';
import type { Known, LastKnown, LastKnownWrite } from './last-known.ts';
import { applyPushes } from './position-legs.ts';

/** Gathering window: a burst of pushes inside it becomes one write. */
export const PUSH_WINDOW_MS = 250;

interface Pending {
  events: LiveEvent[];
  /** The time of the newest push gathered. */
  atMs: number;
  /** Whether the account's `positionsMargin` pushes cover every market (a `*` subscription). */
  allPositions: boolean;
}

/** One stored value a window changes: its kind and scope, under an account. */
type Slot = { account: string; kind: KnownKind; scope: string };
const slotKey = (s: Slot) => `${s.account}\n${s.kind}\n${s.scope}`;

export interface PushedStateOptions {
  windowMs?: number;
  now?: () => number;
  /** Told after each write: which accounts' kinds now hold pushed values, and as of when. */
  onStored?: (stored: Array<{ account: string; kinds: KnownKind[]; asOfMs: number }>) => void;
}

export class PushedState {
  readonly #store: LastKnown;
  readonly #log: Logger;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #onStored: PushedStateOptions['onStored'];
  #pending = new Map<string, Pending>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(store: LastKnown, log: Logger, options: PushedStateOptions = {}) {
    this.#store = store;
    this.#log = log;
    this.#windowMs = options.windowMs ?? PUSH_WINDOW_MS;
    this.#now = options.now ?? Date.now;
    this.#onStored = options.onStored;
  }

  /** Gathers an account's pushes (already read into their views) for the next write. */
  add(account: string, events: readonly LiveEvent[], allPositions: boolean): void {
    const kept = events.filter((e) => KEPT.has(e.channel));
    if (kept.length === 0) return;
    const pending = this.#pending.get(account) ?? { events: [], atMs: 0, allPositions };
    pending.events.push(...kept);
    pending.atMs = this.#now();
    pending.allPositions = allPositions;
    this.#pending.set(account, pending);
    this.#timer ??= setTimeout(() => void this.flush(), this.#windowMs);
  }

  /** Writes what is gathered now, in one transaction (also run by the window's timer). */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const pending = this.#pending;
    this.#pending = new Map();
    if (pending.size > 0) {
      // One write at a time: a window merges into what the one before it stored.
      this.#writing = this.#writing
        .then(() => this.#write(pending))
        .catch((error: unknown) => this.#log.log('warn', 'could not keep the pushed state', error));
    }
    return this.#writing;
  }

  async #write(pending: Map<string, Pending>): Promise<void> {
    const slots = new Map<string, Slot>();
    for (const [account, p] of pending)
      for (const slot of slotsOf(account, p)) slots.set(slotKey(slot), slot);
    const stored = await this.#recall([...slots.values()]);
    const writes: LastKnownWrite[] = [];
    const told = new Map<string, { account: string; kinds: Set<KnownKind>; asOfMs: number }>();
    for (const slot of slots.values()) {
      const p = pending.get(slot.account);
      const before = stored.get(slotKey(slot));
      if (!p || !before || before.asOfMs > p.atMs) continue;
      const value = merge(slot, before.value, p);
      if (value === undefined) continue;
      writes.push({ ...slot, value, takenAtMs: p.atMs });
      const t = told.get(slot.account) ?? { account: slot.account, kinds: new Set(), asOfMs: p.atMs };
      t.kinds.add(slot.kind);
      told.set(slot.account, t);
    }
    if (writes.length === 0) return;
    await this.#store.rememberAll(writes);
    this.#onStored?.([...told.values()].map((t) => ({ ...t, kinds: [...t.kinds] })));
  }

  /** The stored values of the slots, one read per kind and scope. */
  async #recall(slots: readonly Slot[]): Promise<Map<string, Known<unknown>>> {
    const groups = new Map<string, { kind: KnownKind; scope: string; accounts: string[] }>();
    for (const s of slots) {
      const key = `${s.kind}\n${s.scope}`;
      const g = groups.get(key) ?? { kind: s.kind, scope: s.scope, accounts: [] };
      g.accounts.push(s.account);
      groups.set(key, g);
    }
    const out = new Map<string, Known<unknown>>();
    await Promise.all(
      [...groups.values()].map(async (g) => {
        const all = await this.#store.recallAll<unknown>(g.kind, g.accounts, g.scope);
        for (const [account, known] of all)
          out.set(slotKey({ account, kind: g.kind, scope: g.scope }), known);
      }),
    );
    return out;
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
        orders = e.event === 'finish' ? rest : [...rest, e.order];
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
