/**
 * The comparison the conformance tests rest on finds what a stand-in would get wrong: a word where the
 * exchange sends a number, a field renamed or missing, one added, a tuple of another length.
 */
import { describe, expect, it } from 'vitest';
import { shapeDiff, wsFixture } from '../../support/published.ts';

const published = wsFixture('ordersPending_update').message;

describe('shapeDiff', () => {
  it('agrees with the published example itself', () => {
    expect(shapeDiff(published, published)).toEqual([]);
  });

  it('names an order pushed with words where the exchange sends numbers', () => {
    const [event, order] = published.params as [number, Record<string, unknown>];
    const worded = { ...published, params: [event, { ...order, side: 'buy', type: 'limit' }] };
    expect(shapeDiff(worded, published)).toEqual([
      '$.params[1].type: string where the published example has number',
      '$.params[1].side: string where the published example has number',
    ]);
  });

  it('names a renamed field on both sides, and lets through what the rules allow', () => {
    const position = wsFixture('positionsMargin_update').message;
    const { id, ...rest } = position.params.records[0] as Record<string, unknown>;
    const renamed = { ...position, params: { total: 1, records: [{ ...rest, position_id: id }] } };
    expect(shapeDiff(renamed, position)).toEqual([
      '$.params.records[].id: missing',
      '$.params.records[].position_id: not in the published example',
    ]);
    expect(
      shapeDiff(renamed, position, {
        optional: { '$.params.records[].id': 'test' },
        extra: { '$.params.records[].position_id': 'test' },
      }),
    ).toEqual([]);
  });

  it('holds a tuple to its length and each item to its kind; a published null stands for any value', () => {
    const deal = wsFixture('deals_update').message;
    expect(shapeDiff({ ...deal, params: (deal.params as unknown[]).slice(0, 10) }, deal)).toEqual([
      '$.params: 10 items where the published example has 11',
    ]);
    const adl = wsFixture('ADLQuantile_update').message;
    expect(shapeDiff({ ...adl, params: [['ETH_PERP', 3, 4]] }, adl)).toEqual([]);
    expect(shapeDiff({ ...adl, params: [['ETH_PERP', 3, '4']] }, adl)).toEqual([
      '$.params[][2]: decimal string where the published example has number',
    ]);
  });
});
