/** The sandbox's WebSocket: `attachWebSocket(sandbox)` serves `/ws` on the sandbox's HTTP server. */
export { attachWebSocket } from './server.ts';
export type { RandomDrops, SandboxWs, WsHost, WsOptions } from './server.ts';
export { WS_ERRORS } from './protocol.ts';
export { ORDER_ERRORS, ORDER_METHODS } from './orders.ts';
export { WS_DEFAULT_LIMITS } from './limits.ts';
