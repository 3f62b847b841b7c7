/**
 * What a sub-account key may do, in named capabilities, each the exchange's URL list behind it. The
 * one table the Sub-accounts screen offers as checkboxes and main's confirmation names; what is
 * sent and checked stays the URL list (`subaccounts.previewPermissions`, `subaccounts.applyPermissions`).
 */
import type { KeyCapabilityView } from '../../views/subaccounts.ts';
import { FUND_MOVING_PATHS, PRIVATE_ENDPOINTS, type Capability } from '../../exchange/registry/index.ts';

/** The paths of a capability, from the endpoint registry. */
const urlsOf = (id: Capability): string[] =>
  PRIVATE_ENDPOINTS.filter((e) => e.capability === id).map((e) => e.path);

const TABLE: ReadonlyArray<Omit<KeyCapabilityView, 'movesFunds'> & { id: Capability }> = [
  {
    id: 'read',
    label: 'Read balances and history',
    description: 'Balances, open orders, executed deals, positions, borrows and the live stream token.',
    urls: urlsOf('read'),
  },
  {
    id: 'trade-spot',
    label: 'Trade spot',
    description: 'Place, change and cancel spot orders (limit, market, stop, bulk) and the kill-switch.',
    urls: urlsOf('trade-spot'),
  },
  {
    id: 'trade-collateral',
    label: 'Trade collateral',
    description: 'Collateral market orders, leverage and hedge mode.',
    urls: urlsOf('trade-collateral'),
  },
  {
    id: 'withdraw',
    label: 'Withdraw',
    description:
      'Withdrawals to addresses and payment providers, service codes (made and applied), deposit refunds and where mining rewards are paid.',
    urls: urlsOf('withdraw'),
  },
  {
    id: 'transfers',
    label: 'Transfers',
    description: 'Transfers between the main account and sub-accounts.',
    urls: urlsOf('transfers'),
  },
  {
    id: 'convert',
    label: 'Convert',
    description: 'Convert one currency into another at a quoted rate.',
    urls: urlsOf('convert'),
  },
  {
    id: 'flex',
    label: 'Flex investments',
    description:
      'Invest idle balances in flexible earn, withdraw and close investments, switch auto-reinvestment.',
    urls: urlsOf('flex'),
  },
  {
    id: 'mining',
    label: 'Mining',
    description: 'Mining accounts, rewards, workers and watcher links (read only).',
    urls: urlsOf('mining'),
  },
  {
    id: 'travel-rule',
    label: 'Deposit verification (travel rule)',
    description: 'Answer travel-rule questions about incoming deposits.',
    urls: urlsOf('travel-rule'),
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
