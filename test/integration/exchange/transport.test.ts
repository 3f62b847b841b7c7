import { Decimal } from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import * as admin from '../../../main/exchange/endpoints/sub-account-admin.ts';
import * as subAccounts from '../../../main/exchange/endpoints/sub-accounts.ts';
import { NetworkError, TimeoutError } from '../../../main/exchange/errors.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function subMain(harness: Harness, id: string): Promise<Decimal> {
  const balances = await subAccounts.balances(harness.as('main'), { id, ticker: 'USDT' });
  return new Decimal(balances['USDT']?.[0]?.main ?? '0');
}

describe('exchange transport: retries only where they are safe', () => {
  it('retries reads through server errors until they succeed', async () => {
    h = await startHarness({ faults: { errorRate: 0.5, seed: 7 } });
    for (let i = 0; i < 10; i++) await mainAccount.balance(h.as('main'), 'USDT');
    const attempts = h.audit.map((a) => a.attempts);
    expect(h.audit.every((a) => a.outcome === 'ok')).toBe(true);
    expect(Math.max(...attempts)).toBeGreaterThan(1);
  });

  it('does not resend a transfer after a server error, and nothing moved', async () => {
    h = await startHarness({ faults: { errorRate: 1, seed: 1 } });
    const clean = await startHarness();
    try {
      const [sub] = await admin.page(clean.as('main'));
      const id = sub?.id ?? '';
      const error = await subAccounts
        .transfer(h.as('main'), { id, direction: 'main_to_sub', amount: '1', ticker: 'USDT' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      expect(h.audit.at(-1)).toMatchObject({
        path: '/api/v4/sub-account/transfer',
        attempts: 1,
        status: 503,
      });
    } finally {
      await clean.close();
    }
  });

  it('does not resend transfers whose answers were lost after they were applied', async () => {
    // Half of all answers are lost after the exchange applied the request (seeded, so it repeats).
    h = await startHarness({ faults: { dropRate: 0.5, seed: 11 } }, { maxRetries: 10 });
    const [sub] = await admin.page(h.as('main'));
    const id = sub?.id ?? '';
    const before = await subMain(h, id);
    let answered = 0;
    let lost = 0;
    for (let i = 0; i < 8; i++) {
      try {
        await subAccounts.transfer(h.as('main'), {
          id,
          direction: 'main_to_sub',
          amount: '1',
          ticker: 'USDT',
        });
        answered++;
      } catch (error) {
        expect(error).toBeInstanceOf(NetworkError);
        lost++;
      }
    }
    expect(answered).toBeGreaterThan(0);
    expect(lost).toBeGreaterThan(0);
    const transfers = h.audit.filter((a) => a.path === '/api/v4/sub-account/transfer');
    expect(transfers.map((a) => a.attempts)).toEqual(Array(8).fill(1));
    // Every transfer was applied exactly once: the lost ones too, none twice.
    expect((await subMain(h, id)).minus(before).toNumber()).toBe(answered + lost);
  });

  it('gives up on a slow answer with a timeout error that says it may have been applied', async () => {
    h = await startHarness({ faults: { latencyMs: 400, seed: 1 } }, { timeoutMs: 100, maxRetries: 0 });
    const error = await mainAccount.balance(h.as('main')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/may still have been carried out/);
  });
});
