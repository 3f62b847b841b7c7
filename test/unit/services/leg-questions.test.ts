/**
 * Main's questions about a position's leg (`main/services/trading/leg-questions.ts`) in one wording: a
 * stop-loss moved farther from the price names the move, the position, the loss it now allows and how
 * near the liquidation price it lies, or that the exchange gives none; a leg cancelled names the leg.
 */
import { describe, expect, it } from 'vitest';
import type { Confirmation } from '../../../main/platform.ts';
import {
  legCancelQuestion,
  legsAmongFacts,
  stopLossMoveQuestion,
} from '../../../main/services/trading/leg-questions.ts';

const facts = (q: Confirmation) => Object.fromEntries(q.facts.map((f) => [f.label, f.value]));

describe('a stop-loss moved farther from the price', () => {
  it('of a long near its liquidation price: the move, the loss it allows, the gap left', () => {
    const q = stopLossMoveQuestion(
      { account: 'Alpha', market: 'BTC_PERP', position: { amount: '0.5', liquidationPrice: '61000' } },
      '62500',
      '61000.1',
      { price: '64000', name: 'the mark price' },
    );
    expect(q.title).toBe('Move the stop-loss of your BTC_PERP long farther from the price?');
    expect(facts(q)).toEqual({
      Account: 'Alpha',
      Market: 'BTC_PERP',
      'Stop-loss': '62,500 → 61,000.1 USDT',
      Position: 'long, 0.5 BTC',
      'Liquidation price': '61,000 USDT',
      'Price now': '64,000 USDT (the mark price)',
    });
    expect(q.warning).toBe(
      'The position can lose about 749.95 USDT more before the stop-loss closes it (1,499.9 USDT lower). It would then close only 0.1 USDT before the liquidation price of 61,000 USDT: a fast move can liquidate the position first.',
    );
    expect([q.action, q.cancel]).toEqual(['Move the stop-loss', 'Keep the stop-loss']);
  });

  it('of a short whose liquidation price the exchange does not give: says so', () => {
    const q = stopLossMoveQuestion(
      { account: 'Beta', market: 'ETH_PERP', position: { amount: '-2', liquidationPrice: null } },
      '3100',
      '3400',
    );
    expect(q.title).toBe('Move the stop-loss of your ETH_PERP short farther from the price?');
    expect(facts(q)['Position']).toBe('short, 2 ETH');
    expect(facts(q)['Liquidation price']).toBeUndefined();
    expect(q.warning).toBe(
      'The position can lose about 600 USDT more before the stop-loss closes it (300 USDT higher). The exchange gives no liquidation price for this position: nothing tells how near the liquidation the stop-loss now lies.',
    );
  });
});

describe('a leg cancelled', () => {
  it('names the leg, the position and its liquidation price in the same facts', () => {
    const q = legCancelQuestion(
      { account: 'Alpha', market: 'BTC_PERP', position: { amount: '0.01', liquidationPrice: '58000.5' } },
      'stopLoss',
      '60000',
    );
    expect(q.title).toBe('Cancel the stop-loss of your BTC_PERP long?');
    expect(facts(q)).toEqual({
      Account: 'Alpha',
      Market: 'BTC_PERP',
      Leg: 'Stop-loss at 60,000 USDT',
      Position: 'long, 0.01 BTC',
      'Liquidation price': '58,000.5 USDT',
    });
    expect(q.warning).toMatch(/no stop-loss/);
  });
});

describe('legs among many orders cancelled', () => {
  it('counts each kind, names the positions once each, and warns for the stop-losses first', () => {
    const legs = legsAmongFacts([
      { kind: 'stopLoss', market: 'BTC_PERP', direction: 'long', account: 'Alpha' },
      { kind: 'takeProfit', market: 'BTC_PERP', direction: 'long', account: 'Alpha' },
      { kind: 'stopLoss', market: 'ETH_PERP', direction: 'short', account: 'Beta' },
      { kind: 'stopLoss', market: 'ETH_PERP', direction: 'short', account: 'Beta' },
    ]);
    expect(legs?.fact).toEqual({
      label: 'Position legs',
      value:
        '3 stop-losses (Alpha: BTC_PERP long, Beta: ETH_PERP short) · 1 take-profit (Alpha: BTC_PERP long)',
    });
    expect(legs?.warning).toMatch(/^Stop-losses of open positions are among them/);
  });

  it('says only the take-profits when no stop-loss is among them, and nothing when no leg is', () => {
    const tp = legsAmongFacts([{ kind: 'takeProfit', market: 'BTC_PERP', direction: 'short' }]);
    expect(tp).toEqual({
      fact: { label: 'Position legs', value: '1 take-profit (BTC_PERP short)' },
      warning: 'Take-profits of open positions are among them: those positions stay open without them.',
    });
    expect(legsAmongFacts([])).toBeUndefined();
  });
});
