// A new closing order's legs, with fake timers: main reads the account's positions once for a burst
// of such orders, keeps them, and hands them on as merged state (what the board and the pages take
// from the event); other pushes read nothing, a failed read hands nothing on, and a push newer than
// the read is what is handed on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MainBus, type MergedState } from '../../../main/bus.ts';
import type { Cache } from '../../../main/cache/index.ts';
import type { LiveEvent, PositionView } from '../../../main/ipc/contract.ts';
import { createLogger } from '../../../main/log.ts';
import { LEGS_READ_MS, LegsRead } from '../../../main/features/live/legs-read.ts';
import { LastKnown } from '../../../main/services/live/last-known.ts';

const position = (patch: Partial<PositionView> = {}): PositionView => ({
  positionId: 7,
  market: 'BTC_PERP',
  amount: '0.01',
  basePrice: '64000',
  liquidationPrice: '51200',
  positionSide: 'BOTH',
  margin: '32',
  ...patch,
});

const closing = (orderId: number, reduceOnly = true): LiveEvent => ({
  channel: 'ordersPending',
  event: 'new',
  order: {
    orderId,
    clientOrderId: '',
    market: 'BTC_PERP',
    side: 'sell',
    type: 'stop market',
    timestamp: 1,
    amount: '0.01',
    left: '0.01',
    dealStock: '0',
    dealMoney: '0',
    dealFee: '0',
    reduceOnly,
  },
});

function world(read: (account: string) => Promise<PositionView[]>) {
  let now = 1_000;
  const bus = new MainBus();
  // the cache is written behind; only what is held in memory matters here
  const cache = { lastKnown: { put: () => Promise.resolve() } } as unknown as Cache;
  const store = new LastKnown(cache, () => now);
  const reads: string[] = [];
  const legs = new LegsRead({
    bus,
    store,
    log: createLogger(() => {}),
    now: () => now,
    read: (account) => {
      reads.push(account);
      return read(account);
    },
  });
  const merged: MergedState[] = [];
  bus.on('known.merged', (m) => merged.push(m));
  const push = (accountId: string, events: LiveEvent[]) =>
    bus.emit('live.pushes', { accountId, events, allPositions: true });
  return { bus, store, legs, reads, merged, push, tick: (ms: number) => (now += ms) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LegsRead', () => {
  it('reads each account once for a burst of closing orders, keeps the positions and hands them on', async () => {
    const withLeg = position({ tpsl: [{ orderId: 30, kind: 'stopLoss', activationPrice: '60000' }] });
    const w = world(() => Promise.resolve([withLeg]));
    w.push('a', [closing(30)]);
    w.push('a', [closing(31)]);
    w.push('b', [closing(40)]);
    // an order that closes nothing, and a balance, are no reason to read
    w.push('c', [closing(50, false)]);
    w.push('c', [{ channel: 'balanceSpot', balances: { USDT: { available: '1', freeze: '0' } } }]);
    expect(w.reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(LEGS_READ_MS);
    await w.legs.settled();
    expect(w.reads.sort()).toEqual(['a', 'b']);
    expect(w.merged.map((m) => [m.account, m.kinds, m.values['positions.open']])).toEqual([
      ['a', ['positions.open'], [withLeg]],
      ['b', ['positions.open'], [withLeg]],
    ]);
    expect(w.store.peek('a', 'positions.open')?.value).toEqual([withLeg]);
    w.legs.close();
  });

  it('hands on the newer positions a push left while the read was out, and nothing when the read fails', async () => {
    let answer: (positions: PositionView[]) => void = () => undefined;
    const w = world((account) =>
      account === 'down' ? Promise.reject(new Error('offline')) : new Promise((r) => (answer = r)),
    );
    w.push('a', [closing(30)]);
    w.push('down', [closing(31)]);
    await vi.advanceTimersByTimeAsync(LEGS_READ_MS);
    // a push merged after the read began is newer than its answer
    w.tick(50);
    const pushed = position({ amount: '0.02' });
    w.store.hold([{ account: 'a', kind: 'positions.open', scope: '', value: [pushed], takenAtMs: 1_050 }]);
    answer([position()]);
    await w.legs.settled();
    expect(w.merged.map((m) => [m.account, m.values['positions.open'], m.asOfMs])).toEqual([
      ['a', [pushed], 1_050],
    ]);
    w.legs.close();
  });
});
