import { describe, expect, it } from 'vitest';
import type { PositionView } from '../../../main/ipc/contract.ts';
import {
  adlWords,
  allowedLeverage,
  closeDraft,
  describeClose,
  impliedLeverage,
} from '../../../renderer/src/lib/format/positions.ts';
import { PositionsManager } from '../../../renderer/src/lib/managers/positions.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { fakeBridge } from './fake-bridge.ts';
import { ACCOUNT, long, sandboxLike } from './positions-fixtures.ts';

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

describe('PositionsManager: leverage, legs and orders', () => {
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
