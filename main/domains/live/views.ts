/** The result and payload types of an account's WebSocket pushes (plain data). */

export type LiveState = 'idle' | 'connecting' | 'authorizing' | 'reconciling' | 'live' | 'stopped';

/** Pushes of one account's WebSocket, coalesced over a short window (replaced: superseded pushes). */
export interface LiveBatch {
  accountId: string;
  events: Array<{ channel: string; params: unknown }>;
  replaced: number;
}
