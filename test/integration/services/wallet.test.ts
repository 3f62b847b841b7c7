import { Decimal } from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import { WalletService } from '../../../main/services/wallet/wallet.ts';
import { startHarness, type Harness } from '../exchange/support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ADDRESS = '0x00000000000000000000000000000000000000bb';

describe('wallet service', () => {
  it('makes 30 withdrawals with a fifth of the answers lost after they were applied: each paid exactly once', async () => {
    h = await startHarness({ faults: { dropRate: 0.2, seed: 9 } }, { maxRetries: 10 });
    const wallet = new WalletService({ lookupDelayMs: 0 });
    const c = h.as('main');
    const before = new Decimal((await mainAccount.balance(c, 'USDT'))['USDT']?.main_balance ?? '0');
    const results = [];
    for (let i = 0; i < 30; i++) {
      results.push(
        await wallet.withdrawPay(c, { ticker: 'USDT', amount: '10', address: ADDRESS, network: 'ERC20' }),
      );
    }
    expect(results.some((r) => r.recovered)).toBe(true);
    const history = await mainAccount.history(c, { transactionMethod: 2, limit: 100 });
    const ids = results.map((r) => r.uniqueId);
    const seen = history.records.filter((r) => ids.includes(r.uniqueId ?? ''));
    expect(seen.map((r) => r.uniqueId).sort()).toEqual([...ids].sort());
    const after = new Decimal((await mainAccount.balance(c, 'USDT'))['USDT']?.main_balance ?? '0');
    // 30 x (10 + the 1 USDT fee charged on top), and nothing more.
    expect(before.minus(after).toString()).toBe('330');
  });
});
