/**
 * What a sub-account key may do, in named capabilities, each the exchange's URL list behind it. The
 * one table the Sub-accounts screen offers as checkboxes and main's confirmation names; what is
 * sent and checked stays the URL list (`desk.previewPermissions`, `desk.applyPermissions`).
 */
import type { KeyCapabilityView } from '../../domains/desk/views.ts';

export const KEY_CAPABILITIES: readonly KeyCapabilityView[] = [
  {
    id: 'read',
    label: 'Read balances and history',
    description: 'Balances, open orders, executed deals, positions, borrows and the live stream token.',
    movesFunds: false,
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
    movesFunds: false,
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
    movesFunds: false,
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
    movesFunds: true,
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
    movesFunds: true,
    urls: ['/api/v4/sub-account/transfer'],
  },
  {
    id: 'convert',
    label: 'Convert',
    description: 'Convert one currency into another at a quoted rate.',
    movesFunds: false,
    urls: ['/api/v4/convert/auto-confirm'],
  },
  {
    id: 'flex',
    label: 'Flex investments',
    description: 'Close flex investments.',
    movesFunds: false,
    urls: ['/api/v4/main-account/smart-flex/investments/close'],
  },
  {
    id: 'mining',
    label: 'Mining',
    description: 'Mining accounts, rewards, workers and watcher links (read only).',
    movesFunds: false,
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
    movesFunds: false,
    urls: ['/api/v4/travel-rule/vasps', '/api/v4/travel-rule/deposit/verification'],
  },
];

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
