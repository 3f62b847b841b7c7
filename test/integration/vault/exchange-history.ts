/**
 * Half a year and more of one main account's history at a sandbox whose clock the test turns: spot
 * trades (deals and finished orders), a perpetual position held over funding periods and closed,
 * converts, deposits and transfers to a sub-account, on days from seven months back to yesterday.
 */
import { randomUUID } from 'node:crypto';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import * as subAccounts from '../../../main/exchange/endpoints/sub-accounts.ts';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { MemoryNonceStore, NonceRegistry } from '../../../main/exchange/nonce.ts';
import type { SandboxOptions } from '../../../main/sandbox/index.ts';
import { startHarness, type Harness } from '../exchange/support.ts';

export const DAY_MS = 86_400_000;
/** Days back (from the end of the history) with activity: beyond six months, and within. */
export const ACTIVE_DAYS = [210, 195, 150, 100, 60, 20, 5, 1];

export interface Clock {
  set(ms: number): void;
  readonly ms: number;
}

/** A clock the test sets, until `follow()` makes it the real clock from then on. */
export function clock(startMs: number): Clock & { now: () => number; follow(): void } {
  let at: number | undefined = startMs;
  return {
    set: (ms) => void (at = ms),
    get ms() {
      return at ?? Date.now();
    },
    now: () => at ?? Date.now(),
    follow: () => void (at = undefined),
  };
}

/** Writes the history ending at `endMs`: `trades` spot trades and the rest on each of `days` (back from the end). */
export async function makeHistory(
  h: Harness,
  c: Clock,
  endMs: number,
  options: { trades?: number; days?: readonly number[] } = {},
): Promise<void> {
  const trades = options.trades ?? 6;
  const main = h.as('main');
  const sub = h.sandbox.accounts.find((a) => a.label === 'sub-alpha');
  if (!sub?.subAccountId) throw new Error('the sandbox has no sub-alpha');
  for (const back of options.days ?? ACTIVE_DAYS) {
    c.set(endMs - back * DAY_MS);
    for (let i = 0; i < trades; i++)
      await trading.stockMarketOrder(main, {
        market: 'ETH_USDT',
        side: i % 2 ? 'sell' : 'buy',
        amount: '0.001',
      });
    await mainAccount.convertAutoConfirm(main, {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '2',
      idempotencyKey: randomUUID(),
    });
    await subAccounts.transfer(main, {
      id: sub.subAccountId,
      direction: 'main_to_sub',
      amount: '1',
      ticker: 'USDT',
    });
    h.sandbox.control.deposit('main', 'USDT', '5');
    await collateral.collateralMarketOrder(main, { market: 'BTC_PERP', side: 'buy', amount: '0.001' });
    // two funding periods, the deposit confirms
    c.set(c.ms + 17 * 3_600_000);
    await collateral.collateralSummary(main);
    await collateral.collateralMarketOrder(main, {
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.001',
      reduceOnly: true,
    });
  }
  c.set(endMs);
}

/**
 * A sandbox on the clock `c` whose market moves one step per 17 hours of its time (a jump of months
 * costs a few hundred steps, and a position held 17 hours pays funding), and the app's client with
 * nonces on that clock.
 */
export function historyHarness(
  c: Clock & { now: () => number },
  options: SandboxOptions = {},
): Promise<Harness> {
  return startHarness(
    { now: c.now, simulate: { stepMs: 17 * 3_600_000 }, ...options },
    { nonces: new NonceRegistry({ store: new MemoryNonceStore(), now: c.now }) },
  );
}
