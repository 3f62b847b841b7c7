/**
 * The collateral trading endpoints (capability: trade-collateral, and private paths outside the
 * table): collateral orders, leverage, hedge mode, conditional orders and the account's summary.
 */
import * as collateral from '../schemas/collateral.ts';
import { noFields, unreadAnswer } from '../schemas/primitives.ts';
import { bulkAnswer, emptyListAnswer, orderSchema } from '../schemas/trading.ts';
import { post, trader, type RestEndpoint } from './endpoint.ts';

const PLACE = trader('place an order');
const ORDER = { answer: orderSchema, desk: PLACE, reachedBy: ['orders.place'] } as const;

export const COLLATERAL = {
  collateralMarketOrder: post('order/collateral/market', {
    request: collateral.collateralMarketOrderRequest,
    ...ORDER,
    group: 'orders',
    capability: 'trade-collateral',
  }),
  leverage: post('collateral-account/leverage', {
    request: collateral.leverageRequest,
    answer: collateral.setLeverageAnswer,
    group: 'account',
    desk: trader('change the leverage'),
    capability: 'trade-collateral',
    reachedBy: ['positions.setLeverage'],
  }),
  hedgeModeUpdate: post('collateral-account/hedge-mode/update', {
    request: collateral.hedgeModeUpdateRequest,
    answer: unreadAnswer,
    unread: 'the mode asked for is the mode set once the exchange takes it (it refuses with an error)',
    desk: trader('change the position mode'),
    capability: 'trade-collateral',
    reachedBy: ['positions.setHedgeMode'],
  }),
  collateralLimitOrder: post('order/collateral/limit', {
    request: collateral.collateralLimitOrderRequest,
    ...ORDER,
  }),
  collateralBulk: post('order/collateral/bulk', {
    request: collateral.collateralBulkRequest,
    answer: bulkAnswer,
    group: 'orders',
    desk: trader('place orders'),
    capability: 'trade-collateral',
  }),
  positionClose: post('collateral-account/position/close', {
    request: collateral.positionCloseRequest,
    answer: unreadAnswer,
    unread: 'the published answer has no body: the open positions read next show the position gone',
    group: 'orders',
    desk: trader('close a position'),
    capability: 'trade-collateral',
  }),
  balanceSummary: post('collateral-account/balance-summary', {
    request: collateral.balanceSummaryRequest,
    answer: collateral.balanceSummaryAnswer,
  }),
  collateralStopLimitOrder: post('order/collateral/stop-limit', {
    request: collateral.collateralStopLimitOrderRequest,
    ...ORDER,
  }),
  collateralTriggerMarketOrder: post('order/collateral/trigger-market', {
    request: collateral.collateralTriggerMarketOrderRequest,
    ...ORDER,
  }),
  collateralOcoOrder: post('order/collateral/oco', {
    request: collateral.collateralOcoOrderRequest,
    ...ORDER,
    answer: collateral.ocoAnswerSchema,
  }),
  conditionalOrders: post('conditional-orders', {
    request: collateral.conditionalRequest,
    answer: collateral.conditionalSchema,
  }),
  // linked orders as a whole: the OCO pairs, and cancelling a pair or an OTO with its legs
  ocoOrders: post('oco-orders', {
    request: collateral.ocoOrdersRequest,
    answer: collateral.ocoOrdersAnswer,
    capability: 'read',
    reachedBy: ['orders.cancel'],
  }),
  ocoCancel: post('order/oco-cancel', {
    request: collateral.ocoCancelRequest,
    answer: collateral.ocoPairSchema,
    group: 'orders',
    desk: trader('cancel an order'),
    capability: 'trade-collateral',
    reachedBy: ['orders.cancel'],
  }),
  otoCancel: post('order/oto-cancel', {
    request: collateral.otoCancelRequest,
    answer: emptyListAnswer,
    group: 'orders',
    desk: trader('cancel an order'),
    capability: 'trade-collateral',
    reachedBy: ['orders.cancel'],
  }),
  adlQuantile: post('collateral-account/adl-quantile', {
    request: noFields,
    answer: collateral.adlQuantileAnswer,
    capability: 'read',
    reachedBy: ['positions.adl'],
  }),
  collateralSummary: post('collateral-account/summary', {
    request: noFields,
    answer: collateral.collateralSummarySchema,
  }),
} as const satisfies Record<string, RestEndpoint>;
