import { describe, expect, it } from 'vitest';
import { transferView } from '../../../main/services/wallet/wallet.ts';

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

  it('reads a deposit without a unique id or time, and its id as text', () => {
    expect(transferView({ method: 1, uniqueId: null, id: 42, status: 3 })).toMatchObject({
      id: '42',
      kind: 'deposit',
      uniqueId: '',
      status: 'successful',
      atMs: null,
    });
  });

  it('reads the states the exchange numbers per method as words', () => {
    const state = (method: number, status: number) => transferView({ method, status }).status;
    // deposits: 15 pending, 3 and 7 successful, 4 and 9 canceled, 21 frozen, 27 awaiting verification
    expect([15, 3, 7, 4, 9, 21, 27].map((s) => state(1, s))).toEqual([
      'pending',
      'successful',
      'successful',
      'canceled',
      'canceled',
      'frozen',
      'awaiting verification',
    ]);
    // withdrawals: 1 to 17 but 3, 4, 5, 7 pending, 18 partially successful; a number not listed unknown
    expect([1, 10, 17, 3, 4, 5, 18, 99].map((s) => state(2, s))).toEqual([
      'pending',
      'pending',
      'pending',
      'successful',
      'canceled',
      'unconfirmed',
      'partially successful',
      'unknown',
    ]);
  });
});
