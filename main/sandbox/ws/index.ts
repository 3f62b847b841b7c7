/**
 * The sandbox's WebSocket: `attachWebSocket(sandbox)` serves `/ws` on the sandbox's HTTP server.
 *
 * Frames (real-api-facts.md): request `{id, method, params:[...]}`, answer `{id, result, error}`,
 * push `{id:null, method:'<channel>_update', params}`; invalid JSON closes the connection (1003).
 * Where the spec shows no shape, these are the sandbox's (and the client's) choices:
 *
 * | channel        | subscribe params                 | update params                                          |
 * |----------------|----------------------------------|--------------------------------------------------------|
 * | lastprice      | markets                          | `[market, price]` (current price at once)              |
 * | trades         | markets                          | `[market, [{id, time, price, amount, type}]]`          |
 * | depth          | `[market, limit, "0", add?]`     | `[fullReload, {timestamp, asks, bids, update_id, past_update_id}, market]`, amount "0" removes a level |
 * | bookTicker     | markets                          | `[market, {bid, bid_size, ask, ask_size, time}]`       |
 * | premiumIndex   | futures markets                  | `[market, {mark_price, index_price, funding_rate, next_funding_time, time}]` |
 * | balanceSpot    | tickers ([] = all)               | `[{TICKER: {available, freeze}}]` (changed ones)       |
 * | balanceMargin  | tickers ([] = all)               | `[{TICKER: {balance, borrow, available_without_borrow, available_with_borrow}}]` |
 * | ordersPending  | markets ([] = all)               | `[event, order]`, 1 new, 2 update, 3 finish            |
 * | ordersExecuted | `[[markets], filter 0/1/2]`      | `[order]` (finished with a fill)                       |
 * | deals          | `[[markets]]`                    | `[id, time, market, orderId, price, amount, fee, clientOrderId, side, role, feeAsset]` |
 * | positionsMargin| markets ([] = all)               | `{total, records}` (at once, then on change)           |
 * | ADLQuantile    | `[]`                             | `{records: [{market, position_side, quantile}]}`       |
 * | candles        | `[market, interval]` (one per connection) | `[[time, open, close, high, low, volume_stock, volume_money, market]]`, the bar a trade changed |
 *
 * Orders are snake_case objects (`wsOrder` in shapes.ts) with status `NEW` while untouched.
 * `_request` answers: candles `[market, start, end, interval]` rows oldest first (intervals 60 s to
 * 1 week, from minute bars: trades, and three seeded days of history per market); lastprice price; depth `{timestamp, asks, bids}`; trades newest first;
 * ordersPending/ordersExecuted/deals `{limit, offset, [total,] records}`; the others their update body.
 */
export { attachWebSocket } from './server.ts';
export type { RandomDrops, SandboxWs, WsHost, WsOptions } from './server.ts';
export { WS_ERRORS } from './protocol.ts';
export { ORDER_ERRORS, ORDER_METHODS } from './orders.ts';
export { WS_DEFAULT_LIMITS } from './limits.ts';
