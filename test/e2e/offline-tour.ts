/**
 * Every screen with the exchange down, as the e2e offline test and the offline bench see it: what
 * each screen shows once its cached content is on screen, and the time from navigation to that, and
 * from the exchange going away to the top bar saying so. Not a test itself (no assertions).
 */
import type { Page } from 'playwright-core';
import type { AccountView } from '../../main/ipc/contract.ts';
import type { Core } from '../../main/core.ts';

/** A screen and the test of its cached content being on screen (a JS expression in the page). */
export interface OfflineScreen {
  readonly id: string;
  readonly hash: string;
  /** True in the page once the screen shows its last known content, marked with its age. */
  readonly cached: string;
  /** True in the page once the screen shows fresh content from the exchange (after a return). */
  readonly fresh: string;
}

const has = (testid: string, extra = ''): string =>
  `!!document.querySelector('[data-testid="${testid}"]${extra}')`;
const text = (testid: string, words: string): string =>
  `(document.querySelector('[data-testid="${testid}"]')?.textContent ?? '').includes(${JSON.stringify(words)})`;

export const OFFLINE_SCREENS: readonly OfflineScreen[] = [
  {
    id: 'accounts',
    hash: '#/accounts',
    cached: `${has('accounts-saved')} && ${has('grid-accounts')} && document.body.textContent.includes('saved: ')`,
    fresh: `!${has('accounts-saved')} && ${has('grid-accounts', ' [data-testid="grid-row"]')}`,
  },
  {
    id: 'sub-accounts',
    hash: '#/sub-accounts',
    cached: has('sub-saved'),
    // This screen's grid with every row read: none saved, none waiting for its read.
    fresh: `!${has('sub-saved')} && ${has('grid-sub-accounts', ' [data-testid="grid-row"]')} && !/reading…|not read yet|not known/.test(document.querySelector('[data-testid="grid-sub-accounts"] [data-testid="grid-body"]')?.textContent ?? 'reading…')`,
  },
  {
    id: 'trade',
    hash: '#/trade',
    cached: has('orders-as-of', '[data-source="cache"]'),
    fresh: has('orders-as-of', '[data-source="exchange"]'),
  },
  {
    id: 'positions',
    hash: '#/positions',
    cached: has('positions-as-of', '[data-source="cache"]'),
    fresh: has('positions-as-of', '[data-source="exchange"]'),
  },
  {
    id: 'wallet',
    hash: '#/wallet',
    cached: `(${text('wallet-offline', 'stored')} || ${has('wallet-saved')}) && ${has('wallet-balance-row')}`,
    fresh: `!${has('wallet-offline')} && !${has('wallet-saved')} && ${has('wallet-balance-row')}`,
  },
  {
    id: 'mining',
    hash: '#/mining',
    // the worker counts, each worker's hashrate and where the rewards are paid, all as last read
    cached: `${has('workers-saved')} && ${has('workers-online')} && ${has('worker-hashrates-saved')} && ${has('worker-row')} && ${has('payout-saved')}`,
    fresh: `!${has('workers-saved')} && ${has('workers-online')} && !${has('worker-hashrates-saved')} && ${has('worker-row')}`,
  },
  {
    id: 'history',
    hash: '#/history',
    cached: has('grid-row'),
    fresh: has('grid-row'),
  },
];

/** Resolves with the ms from now until `expression` holds in the page (checked every frame). */
export function timeUntil(page: Page, expression: string, timeoutMs = 20_000): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const start = performance.now();
    const check = () => {
      let ok = false;
      try { ok = Boolean(${expression}); } catch { ok = false; }
      if (ok) return resolve(performance.now() - start);
      if (performance.now() - start > ${timeoutMs}) return reject(new Error('not on screen in time: ' + ${JSON.stringify(expression)}));
      requestAnimationFrame(check);
    };
    check();
  })`) as Promise<number>;
}

/** Navigates within the loaded app (no reload) and times until `expression` holds. */
export function navigateAndTime(page: Page, hash: string, expression: string): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const start = performance.now();
    window.location.hash = ${JSON.stringify(hash)};
    const check = () => {
      let ok = false;
      try { ok = Boolean(${expression}); } catch { ok = false; }
      if (ok) return resolve(performance.now() - start);
      if (performance.now() - start > 20000) return reject(new Error('not on screen in time on ${hash}'));
      requestAnimationFrame(check);
    };
    check();
  })`) as Promise<number>;
}

/**
 * Gives every screen something to remember: a resting order, deals synced into the history, and
 * each screen opened once online so its reads leave their last known state.
 */
export async function warmUp(
  page: Page,
  call: <T>(procedure: string, input?: unknown) => Promise<T>,
): Promise<void> {
  const accounts = await call<AccountView[]>('accounts.list');
  const main = accounts.find((a) => a.kind === 'main');
  if (!main) throw new Error('no main account');
  const book = await call<{ bids: Array<[string, string]> }>('markets.depth', { market: 'BTC_USDT' });
  const bid = book.bids[0]?.[0] ?? '20000';
  await call('orders.place', {
    accountId: main.id,
    draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: lower(bid) },
  });
  await call('orders.place', {
    accountId: main.id,
    draft: { kind: 'market', market: 'ETH_USDT', side: 'buy', amount: '10' },
  });
  const finished = new Promise<void>((resolve) => {
    const poll = async (): Promise<void> => {
      const states = await call<Array<{ account: string; syncedUntil: number | null }>>('sync.status');
      if (states.some((s) => s.account === main.id && s.syncedUntil)) resolve();
      else setTimeout(() => void poll(), 200);
    };
    void poll();
  });
  await call('sync.start', { accountIds: [main.id] });
  await finished;
  for (const screen of OFFLINE_SCREENS) await navigateAndTime(page, screen.hash, screen.fresh);
}

/** 2 % below a price, whole: an order that rests inside the price band. */
function lower(price: string): string {
  const [whole = '0'] = price.split('.');
  return String(Math.floor(Number(whole) * 0.98));
}

/** Suspends the exchange and times until the top bar says it cannot be reached. */
export async function stopExchange(page: Page, core: Core): Promise<number> {
  const sandbox = core.connection.sandbox;
  if (!sandbox) throw new Error('no embedded sandbox');
  const waiting = timeUntil(page, `${has('reach-badge', '[data-state="unreachable"]')}`);
  await sandbox.suspend();
  return waiting;
}
