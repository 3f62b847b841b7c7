/**
 * Which of the team desk's roles each signed request needs: a trader's orders, cancels, positions and
 * leverage; a treasurer's withdrawals, codes, transfers, converts and refunds; an admin's sub-accounts,
 * keys and key permissions. Reads need no role. One table for every entry point: main checks it
 * before it signs any request of a team's account (REST or an order method on the WebSocket), and the
 * refusal says it in plain words ("Only a treasurer can send a withdrawal.").
 */

export type DeskRole = 'viewer' | 'trader' | 'treasurer' | 'admin';

export interface RoleRule {
  readonly role: Exclude<DeskRole, 'viewer'>;
  /** What the request does, after "Only a treasurer can …". */
  readonly what: string;
}

const trader = (what: string): RoleRule => ({ role: 'trader', what });
const treasurer = (what: string): RoleRule => ({ role: 'treasurer', what });
const admin = (what: string): RoleRule => ({ role: 'admin', what });

/** Every private path that changes something, by the role it needs (paths as the exchange lists them). */
const WRITES: Readonly<Record<string, RoleRule>> = {
  '/api/v4/order/new': trader('place an order'),
  '/api/v4/order/market': trader('place an order'),
  '/api/v4/order/stock_market': trader('place an order'),
  '/api/v4/order/stop_limit': trader('place an order'),
  '/api/v4/order/stop_market': trader('place an order'),
  '/api/v4/order/bulk': trader('place orders'),
  '/api/v4/order/collateral/limit': trader('place an order'),
  '/api/v4/order/collateral/market': trader('place an order'),
  '/api/v4/order/collateral/oco': trader('place an order'),
  '/api/v4/order/collateral/stop-limit': trader('place an order'),
  '/api/v4/order/collateral/trigger-market': trader('place an order'),
  '/api/v4/order/cancel': trader('cancel an order'),
  '/api/v4/order/modify': trader('change an order'),
  '/api/v4/order/kill-switch': trader('set a kill switch'),
  '/api/v4/collateral-account/leverage': trader('change the leverage'),
  '/api/v4/collateral-account/hedge-mode/update': trader('change the position mode'),
  '/api/v4/main-account/withdraw': treasurer('send a withdrawal'),
  '/api/v4/main-account/withdraw-pay': treasurer('send a withdrawal'),
  '/api/v4/main-account/codes': treasurer('create a service code'),
  '/api/v4/main-account/transfer': treasurer('move funds between balances'),
  '/api/v4/sub-account/transfer': treasurer('transfer funds to or from a sub-account'),
  '/api/v4/convert/auto-confirm': treasurer('convert funds'),
  '/api/v4/main-account/refund-deposit': treasurer('refund a deposit'),
  '/api/v4/main-account/smart-flex/investments/close': treasurer('close a flex investment'),
  '/api/v4/main-account/create-new-address': treasurer('make a new deposit address'),
  '/api/v4/travel-rule/deposit/verification': treasurer('verify a deposit'),
  '/api/v4/sub-account/create': admin('create a sub-account'),
  '/api/v4/sub-account/delete': admin('delete a sub-account'),
  '/api/v4/sub-account/edit': admin('edit a sub-account'),
  '/api/v4/sub-account/block': admin('block a sub-account'),
  '/api/v4/sub-account/unblock': admin('unblock a sub-account'),
  '/api/v4/sub-account/api-key/create': admin('create an API key'),
  '/api/v4/sub-account/api-key/delete': admin('delete an API key'),
  '/api/v4/sub-account/api-key/edit': admin("change a key's permissions"),
  '/api/v4/sub-account/api-key/reset': admin('reset an API key'),
  '/api/v4/sub-account/api-key/ip-address/create': admin("change a key's IP allow-list"),
  '/api/v4/sub-account/api-key/ip-address/delete': admin("change a key's IP allow-list"),
};

/** Every private path that only reads (the WebSocket's token too: it lets the socket read). */
export const READ_PATHS: readonly string[] = [
  '/api/v4/collateral-account/balance',
  '/api/v4/collateral-account/borrow-history',
  '/api/v4/collateral-account/funding-history',
  '/api/v4/collateral-account/hedge-mode',
  '/api/v4/collateral-account/positions/closed-pnl',
  '/api/v4/collateral-account/positions/history',
  '/api/v4/collateral-account/positions/open',
  '/api/v4/collateral-account/summary',
  '/api/v4/conditional-orders',
  '/api/v4/convert/history',
  '/api/v4/main-account/address',
  '/api/v4/main-account/balance',
  '/api/v4/main-account/history',
  '/api/v4/main-account/refund-history',
  '/api/v4/main-account/smart-flex/investments',
  '/api/v4/main-account/withdrawable-balance',
  '/api/v4/mining/accounts',
  '/api/v4/mining/miners/info',
  '/api/v4/mining/rewards',
  '/api/v4/mining/watcher-links/list',
  '/api/v4/order/kill-switch/status',
  '/api/v4/orders',
  '/api/v4/profile/websocket_token',
  '/api/v4/sub-account/api-key/ip-address/list',
  '/api/v4/sub-account/api-key/list',
  '/api/v4/sub-account/balances',
  '/api/v4/sub-account/list',
  '/api/v4/sub-account/transfer/history',
  '/api/v4/sub-account/withdraw/unconfirmed-list',
  '/api/v4/trade-account/balance',
  '/api/v4/trade-account/executed-history',
  '/api/v4/trade-account/order/history',
  '/api/v4/travel-rule/vasps',
];

const READS = new Set(READ_PATHS.map((p) => p.toLowerCase()));
const BY_KEY = new Map(Object.entries(WRITES).map(([path, rule]) => [path.toLowerCase(), rule]));
const key = (path: string) => path.toLowerCase().replace(/\/+$/, '');

/** The paths the table names as writes (for the test that every endpoint is in one list or the other). */
export const WRITE_PATHS: readonly string[] = Object.keys(WRITES);

/**
 * The role a signed REST request needs: undefined for a read. A path in neither list is an admin's:
 * a request the desk does not know is never let through by a gap in this table.
 */
export function roleForPath(path: string): RoleRule | undefined {
  const k = key(path);
  if (READS.has(k)) return undefined;
  return BY_KEY.get(k) ?? admin(`send ${path}`);
}

/** The role an order method of the WebSocket needs: every one places, changes or cancels orders. */
export function roleForSocketMethod(method: string): RoleRule {
  if (method.includes('cancel')) return trader('cancel an order');
  if (method.includes('modify')) return trader('change an order');
  return trader('place an order');
}

const ARTICLE: Record<DeskRole, string> = {
  viewer: 'a viewer',
  trader: 'a trader',
  treasurer: 'a treasurer',
  admin: 'an admin',
};

export function roleWithArticle(role: DeskRole): string {
  return ARTICLE[role];
}

/** "Only a treasurer can send a withdrawal." */
export function roleRefusal(rule: RoleRule): string {
  return `Only ${ARTICLE[rule.role]} can ${rule.what}.`;
}

/** The refusal when `roles` lack what `rule` needs; undefined when they hold it. */
export function refusedBy(roles: readonly DeskRole[], rule: RoleRule | undefined): string | undefined {
  if (!rule || roles.includes(rule.role)) return undefined;
  return roleRefusal(rule);
}
