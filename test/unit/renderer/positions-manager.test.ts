import { describe, expect, it } from 'vitest';
import type { PositionView } from '../../../main/ipc/contract.ts';
import {
  adlWords,
  allowedLeverage,
  closeDraft,
  describeClose,
  impliedLeverage,
} from '../../../renderer/src/lib/format/positions.ts';
import { rememberMarkets } from '../../../renderer/src/lib/format/market-steps.svelte.ts';
import { PositionsManager } from '../../../renderer/src/lib/managers/positions.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { fakeBridge } from './fake-bridge.ts';

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const OTHER = '6e2d2f1f-9b5c-4d66-8b5f-4c2f3e0d8b21';

const long: PositionView = {
  positionId: 7,
  market: 'BTC_PERP',
  amount: '0.01',
  basePrice: '64000',
  liquidationPrice: '51200',
  positionSide: 'BOTH',
  margin: '32',
};

/** A bridge whose answers come from `answer`, recording calls; `emit` pushes an event to listeners. */

let nextSub = 0;
function sandboxLike(procedure: string, input: unknown): unknown {
  switch (procedure) {
    case 'positions.open':
      return { ok: true, value: [long] };
    case 'markets.list':
      return {
        ok: true,
        value: [
          { name: 'BTC_PERP', type: 'futures', maxLeverage: 100, tickSize: '0.1' },
          { name: 'ETH_PERP', type: 'futures', maxLeverage: 50, tickSize: '0.01' },
        ],
      };
    case 'live.subscribe':
      return { ok: true, value: `00000000-0000-4000-8000-${String(++nextSub).padStart(12, '0')}` };
    case 'positions.adl':
      return { ok: true, value: [{ market: 'BTC_PERP', positionSide: 'LONG', quantile: 2 }] };
    case 'positions.setLeverage':
      return { ok: true, value: (input as { leverage: number }).leverage };
    case 'known.recall':
      return { ok: true, value: [] };
    default:
      return { ok: true, value: true };
  }
}

describe('positions helpers', () => {
  it('closes a long by selling all of it, a short by buying, reduce-only, hedge side kept', () => {
    expect(closeDraft(long)).toEqual({
      kind: 'collateral_market',
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.01',
      reduceOnly: true,
    });
    expect(closeDraft({ ...long, amount: '-0.5' })).toMatchObject({ side: 'buy', amount: '0.5' });
    expect(closeDraft({ ...long, amount: '0.2', positionSide: 'SHORT' })).toMatchObject({
      side: 'buy',
      amount: '0.2',
      positionSide: 'SHORT',
    });
    expect(describeClose({ ...long, amount: '-0.5' })).toBe(
      'Buy 0.5 BTC at market to close the short on BTC_PERP (reduce-only)',
    );
  });

  it('offers the leverage set capped at the market maximum, and reads the level from the margin', () => {
    expect(allowedLeverage(undefined)).toEqual([1, 2, 3, 5, 10, 20, 50, 100]);
    expect(allowedLeverage(20)).toEqual([1, 2, 3, 5, 10, 20]);
    expect(allowedLeverage(30)).toEqual([1, 2, 3, 5, 10, 20]);
    // 0.01 × 64000 ÷ 32 = 20.
    expect(impliedLeverage([long])).toBe(20);
    expect(impliedLeverage([{ ...long, margin: undefined } as PositionView])).toBeUndefined();
  });

  it('words the ADL rank and reads a positionsMargin record', () => {
    expect(adlWords(undefined)).toBe('not known yet');
    expect(adlWords(0)).toBe('0 of 4 — last in line');
    expect(adlWords(2)).toBe('2 of 4');
    expect(adlWords(4)).toBe('4 of 4 — first in line');
  });
});

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

  it('reads the positions again when a new closing order may be a leg', async () => {
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
    await expect.poll(reads).toBe(before + 1);
    await m.stop();
  });

  it('remembers the leverage the exchange answered and keeps a refusal for the form', async () => {
    const store = memoryStore();
    let refuse = false;
    const { api } = fakeBridge((procedure, input) => {
      if (procedure === 'positions.open') return { ok: true, value: [] };
      if (procedure === 'positions.setLeverage' && refuse)
        return {
          ok: false,
          error: {
            code: 'rule_violation',
            message: 'leverage must be at most 50 on this market',
            field: 'leverage',
          },
        };
      return sandboxLike(procedure, input);
    });
    const m = new PositionsManager(api, store, () => 1_700_000_000_000);
    await m.follow(ACCOUNT);
    expect(m.leverage).toBeUndefined();
    expect(await m.setLeverage(10)).toBe(true);
    expect(m.leverage).toEqual({ level: 10, source: 'answer', at: 1_700_000_000_000 });
    refuse = true;
    expect(await m.setLeverage(100)).toBe(false);
    expect(m.leverageError?.field).toBe('leverage');
    expect(m.leverage?.level).toBe(10);
    await m.stop();

    // Another manager on the same store finds the answer again.
    const again = new PositionsManager(api, store);
    await again.follow(ACCOUNT);
    expect(again.leverage?.level).toBe(10);
    await again.stop();
  });

  it('shows every leg main flags as typed, the last answer only, and names the price they are measured against', async () => {
    const flagged = {
      issues: [
        {
          field: 'takeProfit',
          message: 'Take-profit must be above 64,250.5, the mark price, for a long position.',
        },
        {
          field: 'stopLoss',
          message: 'Stop-loss must be below 64,250.5, the mark price, for a long position.',
        },
      ],
      reference: { price: '64250.5', name: 'the mark price' },
    };
    const { api, calls } = fakeBridge((procedure, input) => {
      if (procedure === 'positions.checkTpSl') {
        const legs = input as { takeProfit?: string };
        return {
          ok: true,
          value: legs.takeProfit === '60000' ? flagged : { issues: [], reference: flagged.reference },
        };
      }
      return sandboxLike(procedure, input);
    });
    const m = new PositionsManager(api, memoryStore());
    await m.follow(ACCOUNT);
    m.tpsl.typed(long, '6', '');
    m.tpsl.typed(long, '60000', '70000');
    expect(m.tpsl.checking).toBe(true);
    await expect.poll(() => m.tpsl.checking).toBe(false);
    // typing paused once: one question to main, for what was typed last
    expect(calls.filter(([p]) => p === 'positions.checkTpSl').map(([, i]) => i)).toEqual([
      { accountId: ACCOUNT, market: 'BTC_PERP', takeProfit: '60000', stopLoss: '70000' },
    ]);
    expect(m.tpsl.issuesFor('takeProfit')).toEqual([flagged.issues[0]?.message]);
    expect(m.tpsl.issuesFor('stopLoss')).toEqual([flagged.issues[1]?.message]);
    expect(m.tpsl.flagged).toBe(true);
    expect(m.tpsl.check?.reference?.name).toBe('the mark price');
    m.tpsl.typed(long, '70000', '60000');
    await expect.poll(() => m.tpsl.checking).toBe(false);
    expect(m.tpsl.flagged).toBe(false);
    await m.stop();
  });

  it('sends only the TP/SL prices given, and closes with the reduce-only market order', async () => {
    const { api, calls } = fakeBridge((procedure, input) => {
      if (procedure === 'positions.addTpSl')
        return {
          ok: false,
          error: { code: 'rule_violation', message: 'stopLoss must be a multiple of 0.1', field: 'stopLoss' },
        };
      if (procedure === 'orders.place')
        return {
          ok: true,
          value: { clientOrderId: 'c', recovered: false, order: { orderId: 9, status: 'FILLED' } },
        };
      return sandboxLike(procedure, input);
    });
    const m = new PositionsManager(api, memoryStore());
    await m.follow(ACCOUNT);
    expect(await m.tpsl.add(long, '', ' 40000.05 ')).toBe(false);
    expect(calls.find(([p]) => p === 'positions.addTpSl')?.[1]).toEqual({
      accountId: ACCOUNT,
      market: 'BTC_PERP',
      stopLoss: '40000.05',
    });
    expect(m.tpsl.error?.field).toBe('stopLoss');
    m.tpsl.clear();
    expect(m.tpsl.error).toBeUndefined();

    expect(await m.close(long)).toBe(true);
    expect(calls.find(([p]) => p === 'orders.place')?.[1]).toEqual({
      accountId: ACCOUNT,
      draft: closeDraft(long),
    });
    expect(m.closed?.orderId).toBe(9);
    await m.stop();
  });
});
