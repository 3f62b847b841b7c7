import { describe, expect, it } from 'vitest';
import { CodeList } from '../../../renderer/src/lib/managers/code-list.svelte.ts';
import { ACCOUNT, walletBridge } from './wallet-fixtures.ts';

const row = (id: string, way: 'made' | 'applied' | null = null) => ({
  externalId: id,
  ticker: 'USDT',
  amount: '5',
  way,
  status: 'active',
  atMs: 1_000,
  hint: 'TXCU…89AB',
});

describe('CodeList', () => {
  it('lists the codes made here, then every code made and applied, a page at a time', async () => {
    const { api, calls } = walletBridge({
      'wallet.codes': [
        (input: unknown) => {
          const { list, offset } = input as { list: string; offset?: number };
          if (list === 'mine') return { ok: true, value: { total: 1, records: [row('m1')] } };
          return {
            ok: true,
            value: {
              total: 3,
              records: offset ? [row('h3', 'made')] : [row('h1', 'applied'), row('h2', 'made')],
            },
          };
        },
      ],
    });
    const codes = new CodeList(api);
    await codes.load(ACCOUNT);
    expect(codes.rows.map((r) => r.externalId)).toEqual(['m1']);
    expect(codes.more).toBe(false);
    await codes.load(ACCOUNT, 'history');
    expect(codes.list).toBe('history');
    expect(codes.rows.map((r) => r.way)).toEqual(['applied', 'made']);
    expect(codes.more).toBe(true);
    await codes.older(ACCOUNT);
    expect(codes.rows.map((r) => r.externalId)).toEqual(['h1', 'h2', 'h3']);
    expect(codes.more).toBe(false);
    expect(calls.at(-1)).toEqual(['wallet.codes', { accountId: ACCOUNT, list: 'history', offset: 2 }]);
  });

  it('drops an answer for a list the person left, and says why a list could not be read', async () => {
    let answer: ((v: unknown) => void) | undefined;
    const { api } = walletBridge({
      'wallet.codes': [
        (input: unknown) =>
          (input as { list: string }).list === 'mine'
            ? new Promise((resolve) => (answer = resolve))
            : { ok: false, error: { code: 'network_error', message: 'Could not reach the exchange.' } },
      ],
    });
    const codes = new CodeList(api);
    const first = codes.load(ACCOUNT, 'mine');
    await codes.load(ACCOUNT, 'history');
    answer?.({ ok: true, value: { total: 1, records: [row('late')] } });
    await first;
    expect(codes.list).toBe('history');
    expect(codes.rows).toEqual([]);
    expect(codes.error?.message).toBe('Could not reach the exchange.');
  });
});
