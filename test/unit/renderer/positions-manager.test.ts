import { describe, expect, it, vi } from 'vitest';
import type { PositionView } from '../../../main/ipc/contract.ts';
import { rememberMarkets } from '../../../renderer/src/lib/format/market-steps.svelte.ts';
import { PositionsManager } from '../../../renderer/src/lib/managers/positions.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { fakeBridge } from './fake-bridge.ts';
import { ACCOUNT, OTHER, long, sandboxLike } from './positions-fixtures.ts';

describe('PositionsManager', () => {
  it('words a refused live subscription and subscribes again on retry', async () => {
    let refuse = true;
    const { api, calls } = fakeBridge((procedure, input) =>
      procedure === 'live.subscribe' && refuse
        ? { ok: false, error: { code: 'network', message: 'The WebSocket could not connect.' } }
        : sandboxLike(procedure, input),
    );
    const m = new PositionsManager(api, memoryStore());
    await m.follow(ACCOUNT);
    expect(m.liveError?.message).toBe('The WebSocket could not connect.');
    expect(m.positions).toEqual([long]);
    refuse = false;
    await m.listen();
    expect(m.liveError).toBeUndefined();
    await m.stop();
    expect(calls.filter(([p]) => p === 'live.unsubscribe')).toHaveLength(5);
  });

  it('follows an account: positions, ADL now, and live mark, rank and liquidation updates', async () => {
    const { api, calls, emit } = fakeBridge(sandboxLike);
    const m = new PositionsManager(api, memoryStore());
    await m.follow(ACCOUNT);
    expect(m.positions).toEqual([long]);
    const subs = calls.filter(([p]) => p === 'live.subscribe').map(([, i]) => i);
    expect(subs).toHaveLength(5);
    expect(subs).toEqual(
      expect.arrayContaining([
        { accountId: ACCOUNT, channel: 'positionsMargin', topic: '*' },
        { accountId: ACCOUNT, channel: 'positionsAccountMargin', topic: '*' },
        { accountId: ACCOUNT, channel: 'ordersPending', topic: '*' },
        { accountId: ACCOUNT, channel: 'ADLQuantile', topic: '*' },
        { accountId: ACCOUNT, channel: 'premiumIndex', topic: 'BTC_PERP' },
      ]),
    );
    expect(m.adlOf(long)).toBe(2);
    expect(m.leverageCap('ETH_PERP')).toBe(50);
    expect(m.leverage).toEqual({ level: 20, source: 'margin' });

    const mark = (price: string, time: number) => ({
      channel: 'premiumIndex' as const,
      market: 'BTC_PERP',
      markPrice: price,
      indexPrice: '64100',
      fundingRate: '0.0001',
      time,
    });
    emit('ws.batch', { accountId: ACCOUNT, events: [mark('64200.5', 1_700_000_000)], replaced: 0 });
    emit('ws.batch', { accountId: OTHER, events: [mark('1', 1_700_000_001)], replaced: 0 });
    emit('ws.batch', { accountId: ACCOUNT, events: [mark('64210', 1_700_000_000.5)], replaced: 0 });
    expect(m.marks['BTC_PERP']?.mark).toBe('64210');
    expect(m.markSeries['BTC_PERP']?.mark).toEqual([
      { t: 1_700_000_000_000, v: 64200.5 },
      { t: 1_700_000_000_500, v: 64210 },
    ]);
    expect(m.live).toBe('live');

    const pushedLong = {
      positionId: 7,
      market: 'BTC_PERP',
      amount: '0.01',
      basePrice: '64000',
      liquidationPrice: '52000',
    };
    emit('ws.batch', {
      accountId: ACCOUNT,
      events: [
        {
          channel: 'ADLQuantile',
          records: [{ market: 'BTC_PERP', positionSide: 'LONG', quantile: 4 }],
        },
        { channel: 'positionsMargin', total: 1, records: [pushedLong] },
      ],
      replaced: 0,
    });
    expect(m.adlOf(long)).toBe(4);
    // The push itself is not applied here: main merges it and sends the list it keeps.
    expect(m.positions).toEqual([long]);
    emit('known.pushed', {
      accountId: ACCOUNT,
      kinds: ['positions.open'],
      asOfMs: 1,
      values: { 'positions.open': [pushedLong] },
    });
    expect(m.positions).toEqual([pushedLong]);
    // Another account's merged positions are not this screen's.
    emit('known.pushed', {
      accountId: OTHER,
      kinds: ['positions.open'],
      asOfMs: 2,
      values: { 'positions.open': [] },
    });
    expect(m.positions).toEqual([pushedLong]);

    await m.stop();
    const stopped = calls.filter(([p]) => p === 'live.unsubscribe');
    // positionsMargin, positionsAccountMargin, ordersPending (the legs), ADLQuantile and the mark price
    expect(stopped).toHaveLength(5);
  });

  it('says a margin call and a liquidation in words; the positions are the ones main merged', async () => {
    const tpsl = [{ orderId: 21, kind: 'stopLoss' as const, activationPrice: '60000' }];
    const { api, emit } = fakeBridge((procedure, input) =>
      procedure === 'positions.open'
        ? { ok: true, value: [{ ...long, tpsl }] }
        : sandboxLike(procedure, input),
    );
    // BTC_PERP's tick and step, as the market list gives them
    rememberMarkets([{ name: 'BTC_PERP', tickSize: '0.1', stepSize: '0.0001' }]);
    let now = new Date(2026, 10, 27, 8, 23, 28).getTime();
    const m = new PositionsManager(api, memoryStore(), () => now);
    await m.follow(ACCOUNT);
    const called = { ...long, liquidationPrice: '63500' };
    const merged = (positions: PositionView[], asOfMs: number) =>
      emit('known.pushed', {
        accountId: ACCOUNT,
        kinds: ['positions.open'],
        asOfMs,
        values: { 'positions.open': positions },
      });
    emit('ws.batch', {
      accountId: ACCOUNT,
      events: [{ channel: 'positionsAccountMargin', event: 'marginCall', position: called }],
      replaced: 0,
    });
    // when, the size to the step and the liquidation price to the tick, grouped like every number
    expect(m.marginNotice).toEqual({
      event: 'marginCall',
      account: ACCOUNT,
      atMs: now,
      message:
        'Margin call at 08:23:28 on your 0.0100 long on BTC_PERP, liquidation at 63,500.0: add margin or reduce the position.',
    });
    expect(m.positions[0]?.liquidationPrice).toBe(long.liquidationPrice);
    merged([{ ...called, tpsl }], 1);
    expect(m.positions[0]?.liquidationPrice).toBe('63500');
    expect(m.positions[0]?.tpsl).toEqual(tpsl);
    // another account's liquidation is not this screen's
    emit('ws.batch', {
      accountId: OTHER,
      events: [{ channel: 'positionsAccountMargin', event: 'liquidation', position: called }],
      replaced: 0,
    });
    expect(m.marginNotice?.event).toBe('marginCall');
    now += 61_000;
    emit('ws.batch', {
      accountId: ACCOUNT,
      events: [{ channel: 'positionsAccountMargin', event: 'liquidation', position: called }],
      replaced: 0,
    });
    expect(m.marginNotice).toEqual({
      event: 'liquidation',
      account: ACCOUNT,
      atMs: now,
      message: 'At 08:24:29 the exchange liquidated your 0.0100 long on BTC_PERP.',
    });
    merged([], 2);
    expect(m.positions).toEqual([]);
    await m.stop();
    rememberMarkets([]);
  });

  it('shows the legs main keeps, an ended leg or a pushed position never changed here, and no flat position', async () => {
    const tpsl = [
      { orderId: 21, kind: 'takeProfit' as const, activationPrice: '70000' },
      { orderId: 22, kind: 'stopLoss' as const, activationPrice: '60000' },
    ];
    const { api, emit } = fakeBridge((procedure, input) =>
      procedure === 'positions.open'
        ? { ok: true, value: [{ ...long, tpsl }] }
        : sandboxLike(procedure, input),
    );
    const m = new PositionsManager(api, memoryStore());
    await m.follow(ACCOUNT);
    emit('ws.batch', {
      accountId: ACCOUNT,
      events: [
        {
          channel: 'ordersPending',
          event: 'finish',
          order: { orderId: 21, market: 'BTC_PERP', side: 'sell', type: 'stop market', amount: '0.01' },
        },
        {
          channel: 'positionsMargin',
          total: 1,
          records: [{ positionId: 7, market: 'BTC_PERP', amount: '-0.02', basePrice: '64000' }],
        },
      ],
      replaced: 0,
    });
    expect(m.positions).toEqual([{ ...long, tpsl }]);
    const flat = { ...long, positionId: 8, market: 'ETH_PERP', amount: '0' };
    emit('known.pushed', {
      accountId: ACCOUNT,
      kinds: ['positions.open'],
      asOfMs: 1,
      values: { 'positions.open': [{ ...long, tpsl: [tpsl[1]] }, flat] },
    });
    expect(m.positions).toEqual([{ ...long, tpsl: [tpsl[1]] }]);
    await m.stop();
  });

  it('reads nothing when a new closing order may be a leg: the positions main reads come with their legs', async () => {
    vi.useFakeTimers();
    const { api, emit, calls } = fakeBridge(sandboxLike);
    const m = new PositionsManager(api, memoryStore());
    await m.follow(ACCOUNT);
    const reads = () => calls.filter(([p]) => p === 'positions.open').length;
    const before = reads();
    emit('ws.batch', {
      accountId: ACCOUNT,
      events: [
        {
          channel: 'ordersPending',
          event: 'new',
          order: {
            orderId: 30,
            market: 'BTC_PERP',
            side: 'sell',
            type: 'stop market',
            amount: '0.01',
            reduceOnly: true,
          },
        },
      ],
      replaced: 0,
    });
    // whatever timer the push could have started has run: no read followed it
    await vi.runAllTimersAsync();
    expect(reads()).toBe(before);
    const withLeg = { ...long, tpsl: [{ orderId: 30, kind: 'stopLoss' as const, activationPrice: '60000' }] };
    emit('known.pushed', {
      accountId: ACCOUNT,
      kinds: ['positions.open'],
      asOfMs: 2,
      values: { 'positions.open': [withLeg] },
    });
    expect(m.positions).toEqual([withLeg]);
    await vi.runAllTimersAsync();
    expect(reads()).toBe(before);
    vi.useRealTimers();
    await m.stop();
  });
});
