/**
 * A new closing order may be a take-profit or stop-loss of a position, which only a reading of the
 * positions names (the push says only that the order is reduce-only). So the account's positions are
 * read again soon, in the background (a burst of such orders is one read per account), kept as its
 * last known positions and handed on as merged state (`known.merged`): the board draws the row again
 * and a page that follows the account shows the positions and their legs from the event itself,
 * without reading them again.
 */
import type { MainBus } from '../../bus.ts';
import type { Logger } from '../../log.ts';
import type { LiveEvent } from '../../views/live.ts';
import type { PositionView } from '../../views/positions.ts';
import type { LastKnown } from '../../services/live/last-known.ts';

/** How soon after the first new closing order its account's positions are read. */
export const LEGS_READ_MS = 300;

/** Whether a window of pushes brought a new closing order (a possible take-profit or stop-loss). */
export function closingOrderCame(events: readonly LiveEvent[]): boolean {
  return events.some((e) => e.channel === 'ordersPending' && e.event === 'new' && e.order.reduceOnly);
}

export interface LegsReadOptions {
  bus: MainBus;
  store: LastKnown;
  /** Reads an account's open positions with their legs from the exchange, as background work. */
  read: (account: string) => Promise<PositionView[]>;
  log: Logger;
  delayMs?: number;
  now?: () => number;
}

export class LegsRead {
  readonly #o: LegsReadOptions;
  readonly #pending = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #stop: () => void;
  /** The reads out now (`settled` waits for them). */
  #reading: Promise<unknown> = Promise.resolve();

  constructor(options: LegsReadOptions) {
    this.#o = options;
    this.#stop = options.bus.on('live.pushes', ({ accountId, events }) => {
      if (closingOrderCame(events)) this.#came(accountId);
    });
  }

  #came(account: string): void {
    this.#pending.add(account);
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      const accounts = [...this.#pending];
      this.#pending.clear();
      this.#reading = Promise.all(accounts.map((a) => this.#read(a)));
    }, this.#o.delayMs ?? LEGS_READ_MS);
  }

  async #read(account: string): Promise<void> {
    const { store, bus, log, now = Date.now } = this.#o;
    const takenAtMs = now();
    try {
      await store.remember(account, 'positions.open', await this.#o.read(account), '', takenAtMs);
    } catch (error) {
      log.log('warn', 'the positions of a new closing order could not be read', error);
      return;
    }
    // What is held now: a push that came while the read was out is newer and was kept.
    const held = store.peek<PositionView[]>(account, 'positions.open');
    if (!held) return;
    bus.emit('known.merged', {
      account,
      values: { 'positions.open': held.value },
      kinds: ['positions.open'],
      asOfMs: held.asOfMs,
    });
  }

  /** Resolves once the reads begun so far are over (for an orderly close). */
  settled(): Promise<unknown> {
    return this.#reading;
  }

  close(): void {
    this.#stop();
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending.clear();
  }
}
