// The board live, with fake timers: the page's subscriptions, rows re-drawn for the accounts whose
// merged state pushes changed, in the same turn (one send for the accounts merged together), each row saying whether it is live or polled, the accounts without a
// live socket read again every minute (and one whose socket came back, once), and leaving the board
// ending every subscription.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardRowView, LiveState } from '../../../main/ipc/contract.ts';
import { MainBus } from '../../../main/bus.ts';
import type { KnownKind } from '../../../main/ipc/contract.ts';
import { createLogger } from '../../../main/log.ts';
import { BoardFeeds, BoardLive } from '../../../main/features/desk/board-live.ts';
import { MemoryTrim } from '../../../main/services/memory-trim.ts';

const ACCOUNTS = ['main', 'sub-1', 'sub-2', 'sub-3'];

function world(trim?: MemoryTrim) {
  const states = new Map<string, LiveState>();
  const subs = new Map<string, { account: string; channel: string; owner: string | undefined }>();
  let stateListener: ((account: string, state: LiveState) => void) | undefined;
  let n = 0;
  const live = {
    subscribe: (account: string, channel: string, _topic: string, owner?: string) => {
      const id = `s${String(++n)}`;
      subs.set(id, { account, channel, owner });
      return id;
    },
    unsubscribe: (id: string, owner?: string) => subs.get(id)?.owner === owner && subs.delete(id),
    state: (account: string) => states.get(account) ?? 'idle',
    onState: (listener: (account: string, state: LiveState) => void) => {
      stateListener = listener;
      return () => (stateListener = undefined);
    },
  };
  const setState = (account: string, state: LiveState) => {
    states.set(account, state);
    stateListener?.(account, state);
  };
  const openOrders = new Map<string, number>();
  const refreshed: string[][] = [];
  const desk = [...ACCOUNTS];
  let deskListener: (() => void) | undefined;
  const feeds = new BoardFeeds();
  const board = {
    deskIds: () => [...desk],
    feedOf: (account: string): BoardRowView['feed'] => feeds.of(account),
    rowsOf: (ids: readonly string[]) =>
      Promise.resolve(
        ids.map((account): BoardRowView => ({
          account,
          label: account,
          kind: 'sub',
          groups: [],
          keyState: 'valid',
          openOrders: openOrders.get(account) ?? 0,
          ...(board.feedOf(account) ? { feed: board.feedOf(account) } : {}),
        })),
      ),
    refresh: (ids?: readonly string[]) => {
      refreshed.push([...(ids ?? [])]);
      return Promise.resolve();
    },
  };
  const bus = new MainBus();
  const sent: BoardRowView[][] = [];
  const removed: string[][] = [];
  bus.on('board.rows', (p) => {
    if (p.removed) removed.push(p.removed);
    if (p.rows.length > 0) sent.push(p.rows);
  });
  /** Pushes changed these kinds of an account (the pushed state merged them). */
  const merged = (account: string, kinds: KnownKind[]) =>
    bus.emit('known.merged', { account, kinds, values: {}, asOfMs: 0 });
  const boardLive = new BoardLive({
    live,
    board,
    bus,
    feeds,
    log: createLogger(() => {}),
    ...(trim ? { trim } : {}),
    onDeskChanged: (listener) => {
      deskListener = listener;
      return () => (deskListener = undefined);
    },
  });
  /** Accounts added to and removed from the desk, as the registry tells. */
  const changeDesk = (add: string[], remove: string[] = []) => {
    desk.push(...add);
    for (const r of remove) desk.splice(desk.indexOf(r), 1);
    deskListener?.();
  };
  return { boardLive, subs, setState, openOrders, refreshed, sent, removed, board, changeDesk, merged };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the board live', () => {
  it("subscribes every account's five channels for the page, and leaving ends them all", () => {
    const w = world();
    expect(w.boardLive.follow('page-1')).toEqual({ live: 0, accounts: 4 });
    expect(w.subs.size).toBe(20);
    expect(new Set([...w.subs.values()].map((s) => s.channel))).toEqual(
      new Set(['balanceSpot', 'balanceMargin', 'ordersPending', 'positionsMargin', 'positionsAccountMargin']),
    );
    expect([...w.subs.values()].every((s) => s.owner === 'page-1')).toBe(true);
    // following again from the same page changes nothing
    w.boardLive.follow('page-1');
    expect(w.subs.size).toBe(20);
    expect(w.boardLive.release('page-1')).toBe(true);
    expect(w.subs.size).toBe(0);
    expect(w.boardLive.release('page-1')).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows an account added to the desk while the board is open, reads it once, and lets one removed go', async () => {
    const w = world();
    w.boardLive.follow('page-1');
    w.boardLive.follow('page-2');
    expect(w.subs.size).toBe(40);
    w.changeDesk(['sub-4']);
    // each page follows the new account's five channels; it is read once, and its row sent
    expect([...w.subs.values()].filter((s) => s.account === 'sub-4').map((s) => s.owner)).toEqual([
      ...Array<string>(5).fill('page-1'),
      ...Array<string>(5).fill('page-2'),
    ]);
    expect(w.refreshed).toEqual([['sub-4']]);
    expect(w.boardLive.feed).toEqual({ live: 0, accounts: 5 });
    await vi.advanceTimersByTimeAsync(250);
    expect(w.sent.flat().map((r) => [r.account, r.feed])).toEqual([['sub-4', 'polled']]);

    w.setState('sub-1', 'live');
    w.changeDesk([], ['sub-1']);
    expect([...w.subs.values()].some((s) => s.account === 'sub-1')).toBe(false);
    expect(w.removed).toEqual([['sub-1']]);
    expect(w.boardLive.feed).toEqual({ live: 0, accounts: 4 });
    // a change while no page follows the board follows nothing
    w.boardLive.release('page-1');
    w.boardLive.release('page-2');
    w.changeDesk(['sub-5']);
    expect(w.subs.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends the rows of the accounts pushes changed at once, those merged in the same turn together', async () => {
    const w = world();
    w.boardLive.follow('page-1');
    w.openOrders.set('sub-2', 3);
    w.merged('sub-2', ['orders.open']);
    w.merged('sub-3', ['balances.spot']);
    // a kind the board is not made of, and an account not on the board, send nothing
    w.merged('sub-1', ['keys.permissions']);
    w.merged('elsewhere', ['orders.open']);
    expect(w.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]?.map((r) => [r.account, r.openOrders, r.feed])).toEqual([
      ['sub-2', 3, 'polled'],
      ['sub-3', 0, 'polled'],
    ]);
    // a push merged later is its own send, with no wait for a window
    w.merged('main', ['positions.open']);
    await vi.advanceTimersByTimeAsync(0);
    expect(w.sent).toHaveLength(2);
    expect(w.sent[1]?.map((r) => r.account)).toEqual(['main']);
  });

  it('says on each row whether it is live or polled, as its socket comes and goes', async () => {
    const w = world();
    w.boardLive.follow('page-1');
    w.setState('sub-1', 'connecting');
    w.setState('sub-1', 'live');
    w.setState('sub-2', 'live');
    expect(w.boardLive.feed).toEqual({ live: 2, accounts: 4 });
    await vi.advanceTimersByTimeAsync(250);
    expect(w.sent.flat().map((r) => [r.account, r.feed])).toEqual([
      ['sub-1', 'live'],
      ['sub-2', 'live'],
    ]);
    w.setState('sub-1', 'connecting');
    await vi.advanceTimersByTimeAsync(250);
    expect(w.sent.at(-1)?.map((r) => [r.account, r.feed])).toEqual([['sub-1', 'polled']]);
    expect(w.boardLive.feed).toEqual({ live: 1, accounts: 4 });
  });

  it('reads the accounts without a live socket every minute, and one whose socket came back once', async () => {
    const w = world();
    w.boardLive.follow('page-1');
    w.setState('main', 'live');
    w.setState('sub-1', 'live');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(w.refreshed).toEqual([['sub-2', 'sub-3']]);
    w.setState('sub-2', 'live');
    w.setState('sub-3', 'live');
    // sub-1 drops and comes back: what it missed is read once
    w.setState('sub-1', 'connecting');
    w.setState('sub-1', 'live');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(w.refreshed.at(-1)).toEqual(['sub-1']);
    // every socket live: nothing is polled
    await vi.advanceTimersByTimeAsync(60_000);
    expect(w.refreshed).toHaveLength(2);
  });

  it('two pages on the board: the first leaving keeps the second following', async () => {
    const w = world();
    w.boardLive.follow('page-1');
    w.boardLive.follow('page-2');
    expect(w.subs.size).toBe(40);
    w.boardLive.release('page-1');
    expect(w.subs.size).toBe(20);
    w.merged('sub-1', ['orders.open']);
    await vi.advanceTimersByTimeAsync(0);
    expect(w.sent.flat().map((r) => r.account)).toEqual(['sub-1']);
    w.boardLive.release('page-2');
    expect(w.subs.size).toBe(0);
    w.merged('sub-1', ['orders.open']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives memory back once every followed socket is live, or the board is left while they open', async () => {
    let reduced = 0;
    const w = world(new MemoryTrim({ quietMs: 2_000, reduce: () => (reduced += 1) }));
    w.boardLive.follow('page-1');
    for (const account of ACCOUNTS.slice(0, 3)) w.setState(account, 'live');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reduced).toBe(0);
    w.setState('sub-3', 'live');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(reduced).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(reduced).toBe(1);
    // a socket that drops and comes back is no new batch
    w.setState('sub-1', 'connecting');
    w.setState('sub-1', 'live');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reduced).toBe(1);
    w.boardLive.release('page-1');

    // left before every socket was live: the opening is over too
    let reducedToo = 0;
    const v = world(new MemoryTrim({ quietMs: 2_000, reduce: () => (reducedToo += 1) }));
    v.boardLive.follow('page-2');
    v.setState('main', 'live');
    v.boardLive.release('page-2');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(reducedToo).toBe(1);
  });
});
