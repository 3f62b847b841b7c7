/** The app's WebSocket client: connection, typed fan-out subscriptions, coalescer, orders. */
export { WsClient } from './client.ts';
export { WsClients } from './pool.ts';
export type { Timers, WsClientOptions, WsState } from './client.ts';
export type { Channel, ChannelParams, WsDealParams, WsOrder } from './channels.ts';
export { PushCoalescer, REPLACEABLE } from './coalescer.ts';
export type { PushBatch, PushEvent } from './coalescer.ts';
export { cancelAllOrdersWs, modifyOrderWs, placeOrderWs, wsOrderRequest } from './orders.ts';
export { reconnectDelay } from './backoff.ts';
export { WS_CODES, WS_ORDER_CODES, wsError } from './errors.ts';
export { ConnectionPacer, PACED_CONNECTIONS, type Lane } from './pacer.ts';
