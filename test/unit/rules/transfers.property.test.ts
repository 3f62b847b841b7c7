// The one rule set for moves between balances and to or from a sub-account, for every entry point.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../main/rules/decimal.ts';
import {
  checkBalanceTransfer,
  checkSubAccountTransfer,
  SUB_TRANSFER_MIN,
  TRANSFER_PLACES,
  type BalanceKind,
} from '../../../main/rules/wallet.ts';

const kind = fc.constantFrom<BalanceKind>('main', 'spot', 'collateral');
const digits = (max: number) => fc.stringMatching(new RegExp(`^\\d{1,${String(max)}}$`));
const plain = fc
  .tuple(digits(12), fc.option(digits(12), { nil: undefined }))
  .map(([int, frac]) => (frac === undefined ? int : `${int}.${frac}`));

describe('moves between balances', () => {
  it('accepts exactly the positive amounts of at most 8 places between two different balances', () => {
    fc.assert(
      fc.property(kind, kind, plain, (from, to, amount) => {
        const issue = checkBalanceTransfer({ from, to, amount });
        const value = new Dec(amount);
        const fine = from !== to && value.gt(0) && value.dp() <= TRANSFER_PLACES;
        expect(issue === undefined).toBe(fine);
        if (issue) expect(['to', 'amount']).toContain(issue.field);
      }),
    );
  });

  it('refuses anything that is not a plain decimal, naming the amount', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\d+(\.\d+)?$/.test(s)),
        (amount) => {
          expect(checkBalanceTransfer({ from: 'main', to: 'spot', amount })?.field).toBe('amount');
        },
      ),
    );
    for (const bad of ['1e3', '0x10', '-1', ' 1', 'NaN', 'Infinity', '1,5'])
      expect(checkBalanceTransfer({ from: 'main', to: 'spot', amount: bad })?.field).toBe('amount');
  });
});

describe('transfers with a sub-account', () => {
  it('accepts exactly the amounts from 0.00000001 up', () => {
    fc.assert(
      fc.property(plain, (amount) => {
        const issue = checkSubAccountTransfer({ amount });
        expect(issue === undefined).toBe(new Dec(amount).gte(SUB_TRANSFER_MIN));
      }),
    );
    expect(checkSubAccountTransfer({ amount: '0.00000001' })).toBeUndefined();
    expect(checkSubAccountTransfer({ amount: '0.000000009' })?.message).toBe(
      'The smallest transfer is 0.00000001.',
    );
  });
});
