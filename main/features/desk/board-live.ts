/**
 * The board live: while a page shows the board, every account of the desk follows its WebSocket
 * (balanceSpot, balanceMargin, ordersPending, positionsMargin, positionsAccountMargin, all markets). The pushes are merged
 * by the pushed state (`PushedState`), which hands each account's merged state to the board at once
 * (the positions a new closing order may be a leg of come the same way, `live/legs-read.ts`);
 * those accounts' rows are drawn again from the state held in memory (no cache read) and sent as
 * `board.rows` in the same turn, before the state is written. The sockets open at
 * the pace the exchange allows (`ConnectionPacer`), behind any socket a screen is waiting on; an
 * account whose socket is not live (not opened yet, or down) is read again by REST inside its key's
 * budget, as background work, every minute, and once more when its socket comes back (pushes are not
 * replayed). An account added to the desk while the board is open is followed (and read once) at
 * once, and one removed is let go, its row taken off the board. Leaving the board ends the page's
 * subscriptions, and sockets nothing else uses close.
 */
import type { MainBus, MergedState } from '../../bus.ts';
import type { BoardFeedView, BoardRowView } from '../../views/board.ts';
import type { KnownKind } from '../../views/known.ts';
import type { LiveState } from '../../views/live.ts';
import type { Logger } from '../../log.ts';
import type { Channel, Lane } from '../../exchange/ws/index.ts';
import type { MemoryTrim } from '../../services/memory-trim.ts';

/**
 * The channels a board row is made of; `positionsAccountMargin` brings a margin call or liquidation the
 * moment the exchange calls it.
 */
export const BOARD_CHANNELS = [
  'balanceSpot',
  'balanceMargin',
  'ordersPending',
  'positionsMargin',
  'positionsAccountMargin',
] as const;
/** The stored kinds those pushes change. */
const BOARD_KINDS: ReadonlySet<KnownKind> = new Set<KnownKind>([
  'balances.spot',
  'balances.collateral',
  'orders.open',
  'positions.open',
]);
/** Changed rows wait this long to be sent together (0: the accounts merged in the same turn). */
export const ROWS_EVERY_MS = 0;
/** Accounts without a live socket are read again this often (the other screens' fallback too). */
export const POLL_MS = 60_000;

/**
 * How each account's row is kept fresh while the board is open: made before the board (which stamps
 * its rows with it) and the board's live follower (which keeps it).
 */
export class BoardFeeds {
  /** Accounts followed, by how many pages. */
  readonly followed = new Map<string, number>();
  /** Followed accounts whose socket is live now. */
  readonly live = new Set<string>();

  of(account: string): BoardRowView['feed'] {
    return this.followed.has(account) ? (this.live.has(account) ? 'live' : 'polled') : undefined;
  }
}

export interface BoardLiveOptions {
  live: {
    subscribe(
      account: string,
      channel: Channel,
      topic: string,
      owner?: string,
      lane?: Lane,
      toPage?: boolean,
    ): string;
    unsubscribe(id: string, owner?: string): boolean;
    state(account: string): LiveState;
    onState(listener: (account: string, state: LiveState) => void): () => void;
  };
  board: {
    deskIds(): string[];
    rowsOf(accountIds: readonly string[]): Promise<BoardRowView[]>;
    refresh(accountIds?: readonly string[]): Promise<unknown>;
  };
  /** Where the merged state comes from, and where the rows go. */
  bus: MainBus;
  /** The feeds the board stamps its rows with (its own when not given). */
  feeds?: BoardFeeds;
  log: Logger;
  /** Told when the desk's sockets start opening and when the last is live (or the board is left). */
  trim?: Pick<MemoryTrim, 'started' | 'ended'>;
  /** Calls `listener` when accounts are added to the desk or removed; answers the way to stop. */
  onDeskChanged?: (listener: () => void) => () => void;
  pollMs?: number;
  rowsEveryMs?: number;
}

export class BoardLive {
  readonly #live: BoardLiveOptions['live'];
  readonly #board: BoardLiveOptions['board'];
  readonly #bus: MainBus;
  readonly #log: Logger;
  readonly #pollMs: number;
  readonly #rowsEveryMs: number;
  /** Per page following the board: each account it follows, with that account's subscription ids. */
  readonly #pages = new Map<string, Map<string, string[]>>();
  readonly #feeds: BoardFeeds;
  /** Accounts followed, by how many pages (`BoardFeeds.followed`). */
  readonly #followed: Map<string, number>;
  /** Followed accounts whose socket is live now (`BoardFeeds.live`). */
  readonly #liveNow: Set<string>;
  /** Followed accounts whose socket came back: read once at the next poll. */
  readonly #cameBack = new Set<string>();
  readonly #everLive = new Set<string>();
  /** Accounts whose rows changed since the last send. */
  #dirty = new Set<string>();
  #rowsTimer: ReturnType<typeof setTimeout> | undefined;
  #pollTimer: ReturnType<typeof setInterval> | undefined;
  #stopState: (() => void) | undefined;
  /** A poll still reading: the next tick waits for it to end. */
  #polling = false;
  readonly #trim: BoardLiveOptions['trim'];
  /** The followed sockets are still opening (a large batch of work, for the memory trim). */
  #opening = false;
  /** Stops hearing of accounts added to the desk or removed, and of merged state. */
  readonly #stopDesk: (() => void) | undefined;
  readonly #stopMerged: () => void;

  constructor(options: BoardLiveOptions) {
    this.#live = options.live;
    this.#board = options.board;
    this.#bus = options.bus;
    this.#log = options.log;
    this.#feeds = options.feeds ?? new BoardFeeds();
    this.#followed = this.#feeds.followed;
    this.#liveNow = this.#feeds.live;
    this.#pollMs = options.pollMs ?? POLL_MS;
    this.#trim = options.trim;
    this.#rowsEveryMs = options.rowsEveryMs ?? ROWS_EVERY_MS;
    this.#stopDesk = options.onDeskChanged?.(() => this.#deskChanged());
    this.#stopMerged = this.#bus.on('known.merged', (merged) => this.#merged(merged));
  }

  /** How many followed accounts are live, of all followed. */
  get feed(): BoardFeedView {
    return { live: this.#liveNow.size, accounts: this.#followed.size };
  }

  /** Starts following the desk for a page (a second call of the same page changes nothing). */
  follow(owner: string): BoardFeedView {
    if (this.#pages.has(owner)) return this.feed;
    this.#stopState ??= this.#live.onState((account, state) => this.#state(account, state));
    const page = new Map<string, string[]>();
    this.#pages.set(owner, page);
    for (const account of this.#board.deskIds()) this.#followAccount(owner, page, account);
    this.#pollTimer ??= setInterval(() => this.#poll(), this.#pollMs);
    this.#opened(false);
    return this.feed;
  }

  #followAccount(owner: string, page: Map<string, string[]>, account: string): void {
    const ids: string[] = [];
    try {
      // Background: a screen's socket opened meanwhile takes the next turn ahead of the desk's.
      for (const channel of BOARD_CHANNELS)
        ids.push(this.#live.subscribe(account, channel, '*', owner, 'background', false));
    } catch (error) {
      this.#log.log('warn', `the board could not follow ${account} live; it is polled`, error);
    }
    page.set(account, ids);
    this.#followed.set(account, (this.#followed.get(account) ?? 0) + 1);
    if (this.#live.state(account) === 'live') this.#liveNow.add(account);
  }

  #letGo(owner: string, page: Map<string, string[]>, account: string): void {
    for (const id of page.get(account) ?? []) this.#live.unsubscribe(id, owner);
    page.delete(account);
    const n = this.#followed.get(account) ?? 0;
    if (n > 1) {
      this.#followed.set(account, n - 1);
      return;
    }
    this.#followed.delete(account);
    this.#liveNow.delete(account);
    this.#cameBack.delete(account);
    this.#everLive.delete(account);
    this.#dirty.delete(account);
  }

  /** Stops following for a page (it left the board, or ended); answers whether it was following. */
  release(owner: string): boolean {
    const page = this.#pages.get(owner);
    if (!page) return false;
    this.#pages.delete(owner);
    for (const account of [...page.keys()]) this.#letGo(owner, page, account);
    if (this.#pages.size === 0) this.#stop();
    this.#opened(this.#pages.size === 0);
    return true;
  }

  /**
   * Accounts were added or removed while pages follow the board: the added ones are followed and read
   * once (their rows are sent when read), the removed ones let go and taken off the board.
   */
  #deskChanged(): void {
    if (this.#pages.size === 0) return;
    const desk = new Set(this.#board.deskIds());
    const added = new Set<string>();
    const removed = new Set<string>();
    for (const [owner, page] of this.#pages) {
      for (const account of desk)
        if (!page.has(account)) {
          this.#followAccount(owner, page, account);
          added.add(account);
        }
      for (const account of [...page.keys()])
        if (!desk.has(account)) {
          this.#letGo(owner, page, account);
          removed.add(account);
        }
    }
    if (removed.size > 0) this.#bus.emit('board.rows', { rows: [], removed: [...removed] });
    if (added.size === 0) return;
    this.#opened(false);
    for (const account of added) this.#dirty.add(account);
    this.#schedule();
    this.#board.refresh([...added]).catch((error: unknown) => {
      this.#log.log('warn', 'the board could not read the accounts added to the desk', error);
    });
  }

  /**
   * Opening a desk's sockets is one large batch of work: memory is given back once every followed
   * account is live, or the board is left.
   */
  #opened(left: boolean): void {
    const done = left || this.#liveNow.size >= this.#followed.size;
    if (!done && !this.#opening) {
      this.#opening = true;
      this.#trim?.started();
    } else if (done && this.#opening) {
      this.#opening = false;
      this.#trim?.ended();
    }
  }

  /** Pushes changed an account's state (merged, in memory): its row is drawn and sent again. */
  #merged(merged: MergedState): void {
    if (!this.#followed.has(merged.account) || !merged.kinds.some((k) => BOARD_KINDS.has(k))) return;
    this.#dirty.add(merged.account);
    this.#schedule();
  }

  #state(account: string, state: LiveState): void {
    if (!this.#followed.has(account)) return;
    const live = state === 'live';
    if (live === this.#liveNow.has(account)) return;
    if (live) {
      this.#liveNow.add(account);
      if (this.#everLive.has(account)) this.#cameBack.add(account);
      this.#everLive.add(account);
    } else this.#liveNow.delete(account);
    if (live) this.#opened(false);
    // The row says how it is kept fresh.
    this.#dirty.add(account);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#dirty.size === 0 || this.#rowsTimer !== undefined) return;
    this.#rowsTimer = setTimeout(() => void this.#send(), this.#rowsEveryMs);
  }

  async #send(): Promise<void> {
    const accounts = [...this.#dirty];
    this.#dirty = new Set();
    try {
      const rows = await this.#board.rowsOf(accounts);
      if (rows.length > 0 && this.#pages.size > 0) this.#bus.emit('board.rows', { rows });
    } catch (error) {
      this.#log.log('warn', 'the board could not draw the rows pushes changed', error);
    } finally {
      this.#rowsTimer = undefined;
      this.#schedule();
    }
  }

  /** Reads the accounts without a live socket, and those whose socket came back, by REST. */
  #poll(): void {
    if (this.#polling) return;
    const ids = [...this.#followed.keys()].filter((a) => !this.#liveNow.has(a) || this.#cameBack.has(a));
    this.#cameBack.clear();
    if (ids.length === 0) return;
    this.#polling = true;
    this.#board
      .refresh(ids)
      .catch((error: unknown) => {
        this.#log.log('warn', 'the board could not read the accounts without a live socket', error);
      })
      .finally(() => (this.#polling = false));
  }

  #stop(): void {
    clearInterval(this.#pollTimer);
    this.#pollTimer = undefined;
    clearTimeout(this.#rowsTimer);
    this.#rowsTimer = undefined;
    this.#dirty = new Set();
    this.#stopState?.();
    this.#stopState = undefined;
    this.#followed.clear();
    this.#liveNow.clear();
    this.#cameBack.clear();
    this.#everLive.clear();
  }

  close(): void {
    this.#stopDesk?.();
    this.#stopMerged();
    for (const owner of [...this.#pages.keys()]) this.release(owner);
    this.#stop();
  }
}
