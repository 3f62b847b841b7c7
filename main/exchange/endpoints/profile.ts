/** Account profile: the one-time token that authorizes a WebSocket connection. */
import { z } from 'zod';
import { WRITE, type KeyCaller } from './shapes.ts';

const tokenSchema = z.looseObject({ websocket_token: z.string().min(1) });

/** A fresh token for one WebSocket connection (the exchange allows 10 per 60 s). */
export async function websocketToken(c: KeyCaller): Promise<string> {
  return (await c.post('/api/v4/profile/websocket_token', {}, tokenSchema, WRITE)).websocket_token;
}
