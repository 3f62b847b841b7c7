/** Account profile: the one-time token that authorizes a WebSocket connection. */
import { REST } from '../registry/index.ts';
import { WRITE, type KeyCaller } from './shapes.ts';

/** A fresh token for one WebSocket connection (the exchange allows 10 per 60 s). */
export async function websocketToken(c: KeyCaller): Promise<string> {
  return (await c.call(REST.websocketToken, {}, WRITE)).websocket_token;
}
