/** What an account's WebSocket client is made with: its address, its token, its timings and its listeners. */
import type { BackoffOptions } from './backoff.ts';
import type { Channel } from './channels.ts';
import type { ConnectionPacer, Lane } from './pacer.ts';
import type { Timers } from './timers.ts';
import type { WsState } from './client.ts';

export interface WsClientOptions {
  /** `{ws_url}/ws`. */
  readonly url: string;
  /**
   * A fresh one-time token (REST `websocketToken`); called on every connect, with the socket's lane
   * (a background socket's token is background work of its key: it waits behind the screens' requests).
   */
  readonly token: (lane: Lane) => Promise<string>;
  /** Ping period. Default 50 s (the server closes after 60 s idle). */
  readonly pingMs?: number;
  /** Time allowed for an answer. Default 10 s. */
  readonly requestTimeoutMs?: number;
  readonly backoff?: BackoffOptions;
  readonly random?: () => number;
  readonly timers?: Timers;
  readonly onState?: (state: WsState) => void;
  /** Told of failures that the client handles itself (reconnects), for the log. */
  readonly onError?: (error: unknown) => void;
  /** Paces every connect and reconnect with the other clients' (the exchange limits new connections). */
  readonly pacer?: ConnectionPacer;
  /** Told of each push that arrived but could not be read in its channel's shape (`unreadable`). */
  readonly onUnreadable?: (channel: Channel) => void;
  /** Asked before each order method is sent (the team desk's roles): a throw refuses it, unsent. */
  readonly beforeOrder?: (method: string) => void;
  /** Largest frame read; a bigger one closes the socket (default `MAX_FRAME_BYTES`). */
  readonly maxFrameBytes?: number;
  /** Pushes held while reconciling, at most (default `MAX_HELD`); more make the socket stale. */
  readonly maxHeld?: { readonly pushes: number; readonly bytes: number };
}
