/**
 * The market data and spot trading endpoints: public reads, the account's reads, spot orders
 * (`rest.ts` joins them with the collateral and the accounts' endpoints into `REST`).
 */
import * as archive from '../schemas/archive.ts';
import * as collateral from '../schemas/collateral.ts';
import { noFields } from '../schemas/primitives.ts';
import * as pub from '../schemas/public.ts';
import * as trading from '../schemas/trading.ts';
import * as wallet from '../schemas/wallet.ts';
import { get, post, trader, type RestEndpoint } from './endpoint.ts';

const PLACE = trader('place an order');
const ORDER = { answer: trading.orderSchema } as const;

export const TRADING = {
  // public (request: the query)
  markets: get('public/markets', {
    request: noFields,
    answer: pub.marketsAnswer,
    reachedBy: ['markets.list'],
  }),
  futures: get('public/futures', {
    request: noFields,
    answer: pub.futuresAnswer,
    reachedBy: ['markets.list'],
  }),
  collateralMarkets: get('public/collateral/markets', {
    request: noFields,
    answer: pub.collateralMarketsAnswer,
    group: 'collateralMarkets',
    reachedBy: ['markets.collateral', 'markets.list'],
  }),
  assets: get('public/assets', { request: noFields, answer: pub.assetsAnswer, reachedBy: ['wallet.assets'] }),
  fee: get('public/fee', { request: noFields, answer: pub.feesAnswer }),
  orderbook: get('public/orderbook/{market}', { request: pub.orderBookQuery, answer: pub.orderBookSchema }),
  // the maintenance banner, and the connection's health: whether the API answers and the clock offset
  platformStatus: get('public/platform/status', {
    request: noFields,
    answer: pub.platformStatusAnswer,
    reachedBy: ['connection.health'],
  }),
  serverTime: get('public/time', {
    request: noFields,
    answer: pub.serverTimeAnswer,
    reachedBy: ['connection.health'],
  }),
  ping: get('public/ping', { request: noFields, answer: pub.pingAnswer, reachedBy: ['connection.health'] }),
  // the book within ±2 % of the last price (the market is in the path)
  nearDepth: get('public/orderbook/depth/{market}', {
    request: noFields,
    answer: pub.orderBookSchema,
    reachedBy: ['markets.nearDepth'],
  }),
  tickers: get('public/ticker', {
    request: noFields,
    answer: pub.tickersAnswer,
    reachedBy: ['markets.tickers'],
  }),
  publicTrades: get('public/trades/{market}', {
    request: pub.publicTradesQuery,
    answer: pub.publicTradesAnswer,
    reachedBy: ['markets.trades'],
  }),
  miningPool: get('public/mining-pool', {
    request: noFields,
    answer: pub.miningPoolAnswer,
    reachedBy: ['mining.pool'],
  }),
  marketFundingHistory: get('public/funding-history/{market}', {
    request: pub.fundingHistoryQuery,
    answer: pub.fundingHistoryAnswer,
    reachedBy: ['markets.fundingHistory'],
  }),

  // reads (capability: read)
  tradeBalance: post('trade-account/balance', {
    request: trading.tickerRequest,
    answer: trading.tradeBalanceAnswer,
    capability: 'read',
    reachedBy: ['balances.spot', 'board.balances'],
  }),
  mainBalance: post('main-account/balance', {
    request: trading.tickerRequest,
    answer: wallet.mainBalancesAnswer,
    group: 'account',
    capability: 'read',
    reachedBy: ['wallet.balances', 'board.refresh'],
  }),
  collateralBalance: post('collateral-account/balance', {
    request: trading.tickerRequest,
    answer: collateral.collateralBalanceSchema,
    capability: 'read',
    reachedBy: ['positions.collateral'],
  }),
  activeOrders: post('orders', {
    request: trading.activeOrdersRequest,
    answer: trading.ordersSchema,
    capability: 'read',
    reachedBy: ['orders.active'],
  }),
  executedHistory: post('trade-account/executed-history', {
    request: trading.executedRequest,
    answer: trading.executedAnswer,
    group: 'history',
    capability: 'read',
    reachedBy: ['sync.start'],
  }),
  mainHistory: post('main-account/history', {
    request: wallet.historyRequest,
    answer: wallet.walletHistorySchema,
    capability: 'read',
    reachedBy: ['wallet.history'],
  }),
  withdrawableBalance: post('main-account/withdrawable-balance', {
    request: noFields,
    answer: wallet.withdrawableSchema,
    group: 'account',
    capability: 'read',
    reachedBy: ['wallet.withdrawable'],
  }),
  refundHistory: post('main-account/refund-history', {
    request: wallet.refundHistoryRequest,
    answer: wallet.refundHistorySchema,
    capability: 'read',
    reachedBy: ['wallet.refunds'],
  }),
  openPositions: post('collateral-account/positions/open', {
    request: collateral.marketFilter,
    answer: collateral.openPositionsSchema,
    capability: 'read',
    reachedBy: ['positions.open'],
  }),
  positionsHistory: post('collateral-account/positions/history', {
    request: collateral.positionsHistoryRequest,
    answer: collateral.positionsHistorySchema,
    group: 'history',
    capability: 'read',
    reachedBy: ['sync.start'],
  }),
  borrowHistory: post('collateral-account/borrow-history', {
    request: collateral.borrowHistoryRequest,
    answer: collateral.borrowHistoryAnswer,
    group: 'history',
    capability: 'read',
    reachedBy: ['sync.start'],
  }),
  // the history vault's reads beside deals and positions (the exchange keeps six months of them)
  closedPnl: post('collateral-account/positions/closed-pnl', {
    request: archive.closedPnlRequest,
    answer: archive.closedPnlAnswer,
    group: 'history',
    reachedBy: ['vault.sync'],
  }),
  fundingHistory: post('collateral-account/funding-history', {
    request: archive.fundingRequest,
    answer: archive.fundingAnswer,
    group: 'history',
    reachedBy: ['vault.sync'],
  }),
  hedgeMode: post('collateral-account/hedge-mode', {
    request: noFields,
    answer: collateral.hedgeModeAnswer,
    capability: 'read',
    reachedBy: ['positions.hedgeMode'],
  }),
  websocketToken: post('profile/websocket_token', {
    request: noFields,
    answer: wallet.tokenSchema,
    group: 'websocketToken',
    capability: 'read',
    reachedBy: ['live.subscribe'],
  }),

  // spot trading (capability: trade-spot)
  orderNew: post('order/new', {
    request: trading.limitOrderRequest,
    ...ORDER,
    group: 'orders',
    desk: PLACE,
    capability: 'trade-spot',
    reachedBy: ['orders.place'],
  }),
  orderMarket: post('order/market', {
    request: trading.marketOrderRequest,
    ...ORDER,
    desk: PLACE,
    capability: 'trade-spot',
    reachedBy: ['orders.place'],
  }),
  orderStockMarket: post('order/stock_market', {
    request: trading.marketOrderRequest,
    ...ORDER,
    desk: PLACE,
    capability: 'trade-spot',
  }),
  orderStopLimit: post('order/stop_limit', {
    request: trading.stopLimitOrderRequest,
    ...ORDER,
    group: 'orders',
    desk: PLACE,
    capability: 'trade-spot',
    reachedBy: ['orders.place'],
  }),
  orderStopMarket: post('order/stop_market', {
    request: trading.stopMarketOrderRequest,
    ...ORDER,
    desk: PLACE,
    capability: 'trade-spot',
    reachedBy: ['orders.place'],
  }),
  orderBulk: post('order/bulk', {
    request: trading.bulkRequest,
    answer: trading.bulkAnswer,
    desk: trader('place orders'),
    capability: 'trade-spot',
    reachedBy: ['orders.placeBulk'],
  }),
  orderModify: post('order/modify', {
    request: trading.modifyRequest,
    answer: trading.modifiedSchema,
    desk: trader('change an order'),
    capability: 'trade-spot',
    reachedBy: ['orders.modify'],
  }),
  orderCancel: post('order/cancel', {
    request: trading.cancelRequest,
    ...ORDER,
    desk: trader('cancel an order'),
    capability: 'trade-spot',
    reachedBy: ['orders.cancel'],
  }),
  orderCancelBulk: post('order/cancel/bulk', {
    request: trading.cancelBulkRequest,
    answer: trading.cancelBulkAnswer,
    desk: trader('cancel orders'),
    capability: 'trade-spot',
    reachedBy: ['board.runBulk'],
  }),
  orderCancelAll: post('order/cancel/all', {
    request: trading.cancelAllRequest,
    answer: trading.emptyListAnswer,
    group: 'orders',
    desk: trader('cancel orders'),
    capability: 'trade-spot',
    reachedBy: ['orders.cancelAll'],
  }),
  killSwitch: post('order/kill-switch', {
    request: trading.killSwitchRequest,
    answer: trading.killSwitchAnswer,
    desk: trader('set a kill switch'),
    capability: 'trade-spot',
    reachedBy: ['orders.killSwitchArm', 'orders.killSwitchDisarm'],
  }),
  killSwitchStatus: post('order/kill-switch/status', {
    request: trading.killSwitchStatusRequest,
    answer: trading.killSwitchStatusAnswer,
  }),
  orderHistory: post('trade-account/order/history', {
    request: trading.orderHistoryRequest,
    answer: trading.orderHistoryAnswer,
    reachedBy: ['vault.sync'],
  }),
  orderDeals: post('trade-account/order', {
    request: trading.orderDealsRequest,
    answer: trading.orderDealsAnswer,
    group: 'history',
    capability: 'read',
    reachedBy: ['orders.deals'],
  }),
  marketFee: post('market/fee', {
    request: noFields,
    answer: trading.marketFeeAnswer,
    capability: 'read',
    reachedBy: ['orders.feeRates'],
  }),
  delistingHistory: post('trade-account/order/history/query', {
    request: trading.delistingHistoryRequest,
    answer: trading.delistingHistoryAnswer,
    group: 'orders',
  }),
} as const satisfies Record<string, RestEndpoint>;
