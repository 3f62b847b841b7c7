/**
 * The client's calls of what the exchange opens on demand, against the sandbox on loopback: a fiat
 * deposit invoice's payment page, and the account's credit-line loan (undefined when it has none).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import { ValidationError } from '../../../main/exchange/errors.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('on-demand endpoints through the client', () => {
  it('reads a fiat invoice page, and refuses its unique id a second time naming the field', async () => {
    const c = h.as('main');
    const input = {
      ticker: 'UAH',
      provider: 'VISAMASTER',
      amount: '250',
      uniqueId: `fiat-${String(Date.now())}`,
    };
    expect(await mainAccount.fiatDepositUrl(c, input)).toMatch(/^https:\/\//);
    const again = await mainAccount.fiatDepositUrl(c, input).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ValidationError);
    expect((again as ValidationError).fields).toEqual({
      uniqueId: ['The unique id has already been taken.'],
    });
  });

  it('reads the active credit-line loan, and none as undefined', async () => {
    const c = h.as('main');
    expect(await mainAccount.creditLoan(c)).toBeUndefined();
    h.sandbox.control.grantLoan('main', {
      asset: 'USDT',
      amount: '25000',
      totalFunding: '1200',
      currentLtv: '41.5',
      initialLtv: '60',
      marginCallLtv: '75',
      liquidationLtv: '85',
    });
    expect(await mainAccount.creditLoan(c)).toMatchObject({
      asset: 'USDT',
      amount: '25000',
      currentLtv: '41.5',
    });
  });
});
