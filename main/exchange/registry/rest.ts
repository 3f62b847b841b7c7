/**
 * Every REST endpoint the app calls, once: its method and path, and what each of the app's tables
 * needs to know of it. The rate-limit group it draws on (`endpoint-groups.ts`), the role a team desk
 * needs to send it and what it does in the words of a refusal (`rules/desk-roles.ts`), the key
 * capability that allows it (`services/desk/key-capabilities.ts`, `key-paths.ts`), whether it moves
 * funds out of an account, the four-eyes request it is (`rules/desk-policy.ts`,
 * `services/four-eyes/describe.ts`, the team store's `desk_request_kinds`) and the procedures that
 * reach it (the coverage test). Those
 * tables are read from here; no other file in main (the sandbox aside) writes an endpoint's path.
 *
 * The answers' schemas stay beside the calls that read them (`endpoints/*.ts`); the published
 * files hold both (test/unit/spec/published-*.test.ts).
 */
import type { ListedGroup } from '../endpoint-groups.ts';

/** The desk roles a write needs (reads need none). */
export type WriteRole = 'trader' | 'treasurer' | 'admin';

/** The named capabilities a sub-account key's URL permissions are offered in. */
export type Capability =
  | 'read'
  | 'trade-spot'
  | 'trade-collateral'
  | 'withdraw'
  | 'transfers'
  | 'convert'
  | 'flex'
  | 'mining'
  | 'travel-rule';

/** The requests a desk's four-eyes policy may hold for a second operator (`desk.ts`: the desk's own). */
export type FourEyesRequest =
  'withdrawal' | 'code' | 'transfer' | 'key_create' | 'key_edit' | 'key_reset' | 'policy' | 'guards';

export interface RestEndpoint {
  /** GET: a public, unsigned endpoint; POST: a signed one. */
  readonly method: 'GET' | 'POST';
  /** As the exchange lists it; a path parameter stands as `{name}`. */
  readonly path: string;
  /** The rate-limit group it shares a budget with; undefined: a budget of its own. */
  readonly group?: ListedGroup;
  /**
   * The role a team desk needs to send it, and what it does after "Only a treasurer can …";
   * undefined for a read, which any operator may send.
   */
  readonly desk?: { readonly role: WriteRole; readonly what: string };
  /** The key capability whose URL list holds it; undefined: a private path outside the table. */
  readonly capability?: Capability;
  /** It moves funds out of an account: a key allowed it warrants a warning. */
  readonly movesFunds?: true;
  /** The four-eyes request it is, when the desk's policy can hold it for a second operator. */
  readonly fourEyes?: FourEyesRequest;
  /** The procedures (main/ipc/contract.ts) through which the terminal reaches it. */
  readonly reachedBy?: readonly string[];
}

const get = (path: string, more: Omit<RestEndpoint, 'method' | 'path'> = {}): RestEndpoint => ({
  method: 'GET',
  path: `/api/v4/${path}`,
  ...more,
});
const post = (path: string, more: Omit<RestEndpoint, 'method' | 'path'> = {}): RestEndpoint => ({
  method: 'POST',
  path: `/api/v4/${path}`,
  ...more,
});
const trader = (what: string) => ({ role: 'trader', what }) as const;
const treasurer = (what: string) => ({ role: 'treasurer', what }) as const;
const admin = (what: string) => ({ role: 'admin', what }) as const;
const PLACE = trader('place an order');

export const REST = {
  // public
  markets: get('public/markets', { reachedBy: ['markets.list'] }),
  futures: get('public/futures', { reachedBy: ['markets.list'] }),
  collateralMarkets: get('public/collateral/markets', {
    group: 'collateralMarkets',
    reachedBy: ['markets.collateral', 'markets.list'],
  }),
  assets: get('public/assets', { reachedBy: ['wallet.assets'] }),
  fee: get('public/fee'),
  orderbook: get('public/orderbook/{market}'),

  // reads (capability: read)
  tradeBalance: post('trade-account/balance', {
    capability: 'read',
    reachedBy: ['balances.spot', 'board.balances'],
  }),
  mainBalance: post('main-account/balance', {
    group: 'account',
    capability: 'read',
    reachedBy: ['wallet.balances', 'board.refresh'],
  }),
  collateralBalance: post('collateral-account/balance', {
    capability: 'read',
    reachedBy: ['positions.collateral'],
  }),
  activeOrders: post('orders', { capability: 'read', reachedBy: ['orders.active'] }),
  executedHistory: post('trade-account/executed-history', {
    group: 'history',
    capability: 'read',
    reachedBy: ['sync.start'],
  }),
  mainHistory: post('main-account/history', { capability: 'read', reachedBy: ['wallet.history'] }),
  withdrawableBalance: post('main-account/withdrawable-balance', {
    group: 'account',
    capability: 'read',
    reachedBy: ['wallet.withdrawable'],
  }),
  refundHistory: post('main-account/refund-history', { capability: 'read', reachedBy: ['wallet.refunds'] }),
  openPositions: post('collateral-account/positions/open', {
    capability: 'read',
    reachedBy: ['positions.open'],
  }),
  positionsHistory: post('collateral-account/positions/history', {
    group: 'history',
    capability: 'read',
    reachedBy: ['sync.start'],
  }),
  borrowHistory: post('collateral-account/borrow-history', {
    group: 'history',
    capability: 'read',
    reachedBy: ['sync.start'],
  }),
  hedgeMode: post('collateral-account/hedge-mode', {
    capability: 'read',
    reachedBy: ['positions.hedgeMode'],
  }),
  websocketToken: post('profile/websocket_token', {
    group: 'websocketToken',
    capability: 'read',
    reachedBy: ['live.subscribe'],
  }),

  // spot trading (capability: trade-spot)
  orderNew: post('order/new', {
    group: 'orders',
    desk: PLACE,
    capability: 'trade-spot',
    reachedBy: ['orders.place'],
  }),
  orderMarket: post('order/market', { desk: PLACE, capability: 'trade-spot', reachedBy: ['orders.place'] }),
  orderStockMarket: post('order/stock_market', { desk: PLACE, capability: 'trade-spot' }),
  orderStopLimit: post('order/stop_limit', {
    group: 'orders',
    desk: PLACE,
    capability: 'trade-spot',
    reachedBy: ['orders.place'],
  }),
  orderStopMarket: post('order/stop_market', {
    desk: PLACE,
    capability: 'trade-spot',
    reachedBy: ['orders.place'],
  }),
  orderBulk: post('order/bulk', {
    desk: trader('place orders'),
    capability: 'trade-spot',
    reachedBy: ['orders.placeBulk'],
  }),
  orderModify: post('order/modify', {
    desk: trader('change an order'),
    capability: 'trade-spot',
    reachedBy: ['orders.modify'],
  }),
  orderCancel: post('order/cancel', {
    desk: trader('cancel an order'),
    capability: 'trade-spot',
    reachedBy: ['orders.cancel'],
  }),
  killSwitch: post('order/kill-switch', {
    desk: trader('set a kill switch'),
    capability: 'trade-spot',
    reachedBy: ['orders.killSwitchArm', 'orders.killSwitchDisarm'],
  }),

  // collateral trading (capability: trade-collateral, and private paths outside the table)
  collateralMarketOrder: post('order/collateral/market', {
    group: 'orders',
    desk: PLACE,
    capability: 'trade-collateral',
    reachedBy: ['orders.place'],
  }),
  leverage: post('collateral-account/leverage', {
    group: 'account',
    desk: trader('change the leverage'),
    capability: 'trade-collateral',
    reachedBy: ['positions.setLeverage'],
  }),
  hedgeModeUpdate: post('collateral-account/hedge-mode/update', {
    desk: trader('change the position mode'),
    capability: 'trade-collateral',
    reachedBy: ['positions.setHedgeMode'],
  }),
  collateralLimitOrder: post('order/collateral/limit', { desk: PLACE, reachedBy: ['orders.place'] }),
  collateralStopLimitOrder: post('order/collateral/stop-limit', { desk: PLACE, reachedBy: ['orders.place'] }),
  collateralTriggerMarketOrder: post('order/collateral/trigger-market', {
    desk: PLACE,
    reachedBy: ['orders.place'],
  }),
  collateralOcoOrder: post('order/collateral/oco', { desk: PLACE, reachedBy: ['orders.place'] }),
  conditionalOrders: post('conditional-orders'),
  collateralSummary: post('collateral-account/summary'),
  killSwitchStatus: post('order/kill-switch/status'),
  orderHistory: post('trade-account/order/history'),

  // funds out (capability: withdraw, transfers)
  withdraw: post('main-account/withdraw', {
    desk: treasurer('send a withdrawal'),
    capability: 'withdraw',
    movesFunds: true,
    fourEyes: 'withdrawal',
  }),
  withdrawPay: post('main-account/withdraw-pay', {
    group: 'account',
    desk: treasurer('send a withdrawal'),
    capability: 'withdraw',
    movesFunds: true,
    fourEyes: 'withdrawal',
    reachedBy: ['wallet.withdraw'],
  }),
  codes: post('main-account/codes', {
    group: 'account',
    desk: treasurer('create a service code'),
    capability: 'withdraw',
    movesFunds: true,
    fourEyes: 'code',
    reachedBy: ['wallet.createCode'],
  }),
  refundDeposit: post('main-account/refund-deposit', {
    desk: treasurer('refund a deposit'),
    capability: 'withdraw',
    movesFunds: true,
    reachedBy: ['wallet.refundDeposit'],
  }),
  subAccountTransfer: post('sub-account/transfer', {
    group: 'account',
    desk: treasurer('transfer funds to or from a sub-account'),
    capability: 'transfers',
    movesFunds: true,
    fourEyes: 'transfer',
    reachedBy: ['subaccounts.transfer', 'subaccounts.runSweep'],
  }),

  // the wallet's other work
  convert: post('convert/auto-confirm', {
    desk: treasurer('convert funds'),
    capability: 'convert',
    reachedBy: ['wallet.convert'],
  }),
  flexClose: post('main-account/smart-flex/investments/close', {
    group: 'account',
    desk: treasurer('close a flex investment'),
    capability: 'flex',
    reachedBy: ['wallet.closeFlex'],
  }),
  flexInvestments: post('main-account/smart-flex/investments'),
  depositAddress: post('main-account/address', { reachedBy: ['wallet.depositAddress'] }),
  newDepositAddress: post('main-account/create-new-address', {
    desk: treasurer('make a new deposit address'),
    reachedBy: ['wallet.newDepositAddress'],
  }),
  mainTransfer: post('main-account/transfer', { desk: treasurer('move funds between balances') }),
  vasps: post('travel-rule/vasps', {
    group: 'account',
    capability: 'travel-rule',
    reachedBy: ['wallet.vasps'],
  }),
  depositVerification: post('travel-rule/deposit/verification', {
    desk: treasurer('verify a deposit'),
    capability: 'travel-rule',
    reachedBy: ['wallet.verifyDeposit'],
  }),

  // mining (capability: mining, read only)
  miningAccounts: post('mining/accounts', {
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.accounts'],
  }),
  miningRewards: post('mining/rewards', {
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.rewards'],
  }),
  minersInfo: post('mining/miners/info', {
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.info'],
  }),
  watcherLinks: post('mining/watcher-links/list', {
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.watcherLinks'],
  }),

  // sub-accounts and their keys (an admin's, outside the capability table)
  subAccountList: post('sub-account/list', {
    reachedBy: ['subaccounts.findUnregistered', 'subaccounts.list'],
  }),
  subAccountCreate: post('sub-account/create', {
    desk: admin('create a sub-account'),
    reachedBy: ['subaccounts.create', 'subaccounts.runBatch'],
  }),
  subAccountEdit: post('sub-account/edit', {
    desk: admin('edit a sub-account'),
    reachedBy: ['subaccounts.edit'],
  }),
  subAccountDelete: post('sub-account/delete', {
    desk: admin('delete a sub-account'),
    reachedBy: ['subaccounts.delete'],
  }),
  subAccountBlock: post('sub-account/block', {
    desk: admin('block a sub-account'),
    reachedBy: ['subaccounts.setBlocked'],
  }),
  subAccountUnblock: post('sub-account/unblock', {
    desk: admin('unblock a sub-account'),
    reachedBy: ['subaccounts.setBlocked'],
  }),
  subAccountBalances: post('sub-account/balances', { group: 'account', reachedBy: ['subaccounts.balances'] }),
  subAccountTransferHistory: post('sub-account/transfer/history'),
  unconfirmedWithdrawals: post('sub-account/withdraw/unconfirmed-list', {
    reachedBy: ['subaccounts.approvals'],
  }),
  keyCreate: post('sub-account/api-key/create', {
    desk: admin('create an API key'),
    fourEyes: 'key_create',
    reachedBy: ['subaccounts.createKey', 'subaccounts.runBatch'],
  }),
  keyList: post('sub-account/api-key/list', { reachedBy: ['subaccounts.keys'] }),
  keyDelete: post('sub-account/api-key/delete', {
    desk: admin('delete an API key'),
    reachedBy: ['subaccounts.deleteKey'],
  }),
  keyEdit: post('sub-account/api-key/edit', {
    group: 'account',
    desk: admin("change a key's permissions"),
    fourEyes: 'key_edit',
    reachedBy: ['subaccounts.applyPermissions'],
  }),
  keyReset: post('sub-account/api-key/reset', {
    group: 'account',
    desk: admin('reset an API key'),
    fourEyes: 'key_reset',
    reachedBy: ['subaccounts.resetKey'],
  }),
  keyIpList: post('sub-account/api-key/ip-address/list', { reachedBy: ['subaccounts.keyIps'] }),
  keyIpCreate: post('sub-account/api-key/ip-address/create', {
    desk: admin("change a key's IP allow-list"),
    reachedBy: ['subaccounts.setKeyIps'],
  }),
  keyIpDelete: post('sub-account/api-key/ip-address/delete', {
    desk: admin("change a key's IP allow-list"),
    reachedBy: ['subaccounts.setKeyIps'],
  }),
} as const satisfies Record<string, RestEndpoint>;

export type RestName = keyof typeof REST;

/** Every endpoint, in the order above. */
export const REST_ENDPOINTS: readonly RestEndpoint[] = Object.values(REST);

/** The signed endpoints: every path a sub-account key's permission may name. */
export const PRIVATE_ENDPOINTS: readonly RestEndpoint[] = REST_ENDPOINTS.filter((e) => e.method === 'POST');

/** A path's matching key: the exchange reads a path whatever its letter case or trailing slash. */
export const pathKey = (path: string): string => path.toLowerCase().replace(/\/+$/, '');

const BY_KEY = new Map(REST_ENDPOINTS.map((e) => [pathKey(e.path), e] as const));

/** The endpoint of a path (any letter case, trailing slash or not); undefined for one the app does not call. */
export function restEndpointOf(path: string): RestEndpoint | undefined {
  return BY_KEY.get(pathKey(path));
}

/** The path with its `{name}` parameters filled in, each encoded. */
export function pathWith(endpoint: RestEndpoint, params: Readonly<Record<string, string>>): string {
  return endpoint.path.replace(/\{([a-zA-Z]+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}
