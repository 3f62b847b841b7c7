/**
 * The market data and trading endpoints: public reads, the account's reads, spot and collateral
 * orders (`rest.ts` joins them with the accounts' endpoints into `REST`).
 */
import { get, post, trader, type RestEndpoint } from './endpoint.ts';

const PLACE = trader('place an order');

export const TRADING = {
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
  // the history vault's reads beside deals and positions (the exchange keeps six months of them)
  closedPnl: post('collateral-account/positions/closed-pnl', { group: 'history', reachedBy: ['vault.sync'] }),
  fundingHistory: post('collateral-account/funding-history', { group: 'history', reachedBy: ['vault.sync'] }),
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
  orderHistory: post('trade-account/order/history', { reachedBy: ['vault.sync'] }),
} as const satisfies Record<string, RestEndpoint>;
