/**
 * What a sub-account key may do, in named capabilities, each the exchange's URL list behind it. The
 * one table the Sub-accounts screen offers as checkboxes and main's confirmation names; what is
 * sent and checked stays the URL list (`subaccounts.previewPermissions`, `subaccounts.applyPermissions`).
 */
import type { KeyCapabilityView } from '../../domains/subaccounts/views.ts';

/**
 * The one exact list of paths that move funds out of an account: withdrawals (to an address or a
 * payment provider), service codes, deposit refunds and transfers between the main account and
 * sub-accounts. A capability moves funds when it holds one of them; main's warning names them.
 */
export const FUND_MOVING_PATHS: readonly string[] = [
  '/api/v4/main-account/withdraw',
  '/api/v4/main-account/withdraw-pay',
  '/api/v4/main-account/codes',
  '/api/v4/main-account/refund-deposit',
  '/api/v4/sub-account/transfer',
];

const TABLE: ReadonlyArray<Omit<KeyCapabilityView, 'movesFunds'>> = [
  {
    id: 'read',
    label: 'Read balances and history',
    description: 'Balances, open orders, executed deals, positions, borrows and the live stream token.',
    urls: [
      '/api/v4/trade-account/balance',
      '/api/v4/main-account/balance',
      '/api/v4/collateral-account/balance',
      '/api/v4/orders',
      '/api/v4/trade-account/executed-history',
      '/api/v4/main-account/history',
      '/api/v4/main-account/withdrawable-balance',
      '/api/v4/main-account/refund-history',
      '/api/v4/collateral-account/positions/open',
      '/api/v4/collateral-account/positions/history',
      '/api/v4/collateral-account/borrow-history',
      '/api/v4/collateral-account/hedge-mode',
      '/api/v4/profile/websocket_token',
    ],
  },
  {
    id: 'trade-spot',
    label: 'Trade spot',
    description: 'Place, change and cancel spot orders (limit, market, stop, bulk) and the kill-switch.',
    urls: [
      '/api/v4/order/new',
      '/api/v4/order/market',
      '/api/v4/order/stock_market',
      '/api/v4/order/stop_limit',
      '/api/v4/order/stop_market',
      '/api/v4/order/bulk',
      '/api/v4/order/modify',
      '/api/v4/order/cancel',
      '/api/v4/order/kill-switch',
    ],
  },
  {
    id: 'trade-collateral',
    label: 'Trade collateral',
    description: 'Collateral market orders, leverage and hedge mode.',
    urls: [
      '/api/v4/order/collateral/market',
      '/api/v4/collateral-account/leverage',
      '/api/v4/collateral-account/hedge-mode/update',
    ],
  },
  {
    id: 'withdraw',
    label: 'Withdraw',
    description: 'Withdrawals to addresses and payment providers, service codes and deposit refunds.',
    urls: [
      '/api/v4/main-account/withdraw',
      '/api/v4/main-account/withdraw-pay',
      '/api/v4/main-account/codes',
      '/api/v4/main-account/refund-deposit',
    ],
  },
  {
    id: 'transfers',
    label: 'Transfers',
    description: 'Transfers between the main account and sub-accounts.',
    urls: ['/api/v4/sub-account/transfer'],
  },
  {
    id: 'convert',
    label: 'Convert',
    description: 'Convert one currency into another at a quoted rate.',
    urls: ['/api/v4/convert/auto-confirm'],
  },
  {
    id: 'flex',
    label: 'Flex investments',
    description: 'Close flex investments.',
    urls: ['/api/v4/main-account/smart-flex/investments/close'],
  },
  {
    id: 'mining',
    label: 'Mining',
    description: 'Mining accounts, rewards, workers and watcher links (read only).',
    urls: [
      '/api/v4/mining/accounts',
      '/api/v4/mining/rewards',
      '/api/v4/mining/miners/info',
      '/api/v4/mining/watcher-links/list',
    ],
  },
  {
    id: 'travel-rule',
    label: 'Deposit verification (travel rule)',
    description: 'Answer travel-rule questions about incoming deposits.',
    urls: ['/api/v4/travel-rule/vasps', '/api/v4/travel-rule/deposit/verification'],
  },
];

export const KEY_CAPABILITIES: readonly KeyCapabilityView[] = TABLE.map((c) => ({
  ...c,
  movesFunds: c.urls.some((u) => FUND_MOVING_PATHS.includes(u)),
}));

/**
 * The capabilities a change turns wholly on or off, in words ("Trade spot on, Withdraw off"), for
 * the confirmation; URLs outside a whole capability are listed by the caller as they are.
 */
export function capabilityWords(urls: ReadonlyArray<{ url: string; enable: boolean }>): string {
  const state = new Map(urls.map((u) => [u.url, u.enable]));
  const words: string[] = [];
  for (const c of KEY_CAPABILITIES) {
    const all = c.urls.map((u) => state.get(u));
    if (all.every((v) => v === true)) words.push(`${c.label} on`);
    else if (all.every((v) => v === false)) words.push(`${c.label} off`);
  }
  return words.join(', ');
}
