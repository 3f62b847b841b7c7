/** The procedures of an account's WebSocket subscriptions. */
import { z } from 'zod';
import { accountId, procedure, type ProcedureDef } from '../../ipc/schemas.ts';
import { CHANNELS } from '../../exchange/ws/channels.ts';

export const liveProcedures = {
  'live.subscribe': procedure<string>()(
    'Listens to a WebSocket channel of an account for a market or ticker (`*` for all); pushes come as ws.batch events.',
    z.strictObject({
      accountId,
      channel: z.enum(CHANNELS),
      topic: z.string().min(1).max(40),
    }),
  ),
  'live.unsubscribe': procedure<boolean>()('Stops a live subscription.', z.strictObject({ id: z.uuid() })),
} as const satisfies Record<string, ProcedureDef>;
