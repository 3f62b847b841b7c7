/**
 * A manager's reads through the bridge (`Reading`), through a real one (the funding history): an
 * answer overtaken by a later read is dropped, loading and error say the last read, and an error goes
 * once an answer is a value.
 */
import { describe, expect, it } from 'vitest';
import { FundingHistory } from '../../../renderer/src/lib/managers/funding-history.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const point = (rate: string) => ({ timeMs: 1_000, rate, settlementPrice: '64000' });

describe('a manager reading through the bridge', () => {
  it('drops an overtaken answer, says the last read, and clears its error on a value', async () => {
    const answers = new Map<string, (reply: unknown) => void>();
    const { api } = fakeBridge(
      (_procedure, input) =>
        new Promise((resolve) => answers.set((input as { market: string }).market, resolve)),
    );
    const history = new FundingHistory(api);
    const first = history.load('BTC_PERP');
    const second = history.load('ETH_PERP');
    expect(history.loading).toBe(true);
    answers.get('ETH_PERP')?.({ ok: true, value: [point('0.0002')] });
    await second;
    expect([history.market, history.points, history.loading]).toEqual(['ETH_PERP', [point('0.0002')], false]);
    // the first market's answer comes late: not shown, and nothing said of it
    answers.get('BTC_PERP')?.({ ok: false, error: { code: 'network', message: 'late' } });
    await first;
    expect([history.points, history.error]).toEqual([[point('0.0002')], undefined]);

    const failing = history.load('XAU_PERP');
    answers.get('XAU_PERP')?.({ ok: false, error: { code: 'invalid_input', message: 'not listed' } });
    await failing;
    expect([history.points, history.error?.message, history.loading]).toEqual([[], 'not listed', false]);
    const again = history.load('XAU_PERP');
    answers.get('XAU_PERP')?.({ ok: true, value: [point('0.0001')] });
    await again;
    expect([history.points, history.error]).toEqual([[point('0.0001')], undefined]);
  });
});
