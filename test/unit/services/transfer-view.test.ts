import { describe, expect, it } from 'vitest';
import { transferView } from '../../../main/services/wallet.ts';

describe('a deposit or withdrawal history record read in main', () => {
  it('lists the fields the wallet screen shows, the time in milliseconds', () => {
    expect(
      transferView({
        transactionId: 't1',
        method: 2,
        uniqueId: 'u1',
        ticker: 'USDT',
        amount: '12.5',
        fee: '1',
        network: 'ERC20',
        address: '0xabc',
        memo: 'tag-7',
        status: 'pending',
        createdAt: 1_700_000_000,
      }),
    ).toEqual({
      id: 't1',
      kind: 'withdrawal',
      uniqueId: 'u1',
      ticker: 'USDT',
      amount: '12.5',
      fee: '1',
      network: 'ERC20',
      address: '0xabc',
      memo: 'tag-7',
      status: 'pending',
      atMs: 1_700_000_000_000,
    });
  });

  it('reads a deposit without a unique id or time, and a numeric status and id as text', () => {
    expect(transferView({ method: 1, uniqueId: null, id: 42, status: 3 })).toMatchObject({
      id: '42',
      kind: 'deposit',
      uniqueId: '',
      status: '3',
      atMs: null,
    });
  });
});
