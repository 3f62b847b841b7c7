/** Account profile: the one-time token that authorizes a WebSocket connection. */
import { z } from 'zod';
import { WRITE, type KeyCaller } from './shapes.ts';
import { REST } from '../registry/index.ts';

const tokenSchema = z.looseObject({ websocket_token: z.string().min(1) });

/** A fresh token for one WebSocket connection (the exchange allows 10 per 60 s). */
export async function websocketToken(c: KeyCaller): Promise<string> {
  return (await c.post(REST.websocketToken.path, {}, tokenSchema, WRITE)).websocket_token;
}
