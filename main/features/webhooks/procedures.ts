/** The procedures of webhook keys, the receiver and the received events. */
import { z } from 'zod';
import { accountId, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type { WebhookEventView } from '../../views/webhooks.ts';

export const webhooksProcedures = {
  'webhooks.configure': procedure<null>()(
    "Sets an account's webhook key; its secret is read from the clipboard into the keychain.",
    z.strictObject({ accountId, apiKey: z.string().trim().min(1).max(255) }),
  ),
  'webhooks.remove': procedure<null>()(
    "Forgets an account's webhook key and secret.",
    z.strictObject({ accountId }),
  ),
  'webhooks.receiver': procedure<string | null>()(
    'Turns the webhook receiver on (answers its address) or off.',
    z.strictObject({
      enabled: z.boolean(),
      port: z.number().int().min(0).max(65535).optional(),
      host: z.union([z.literal('127.0.0.1'), z.literal('0.0.0.0'), z.literal('::1')]).optional(),
    }),
  ),
  'webhooks.trustedProxy': procedure<string | null>()(
    'The address of the TLS proxy whose X-Forwarded-For names webhook senders, or null when none is trusted.',
    z.strictObject({}).optional(),
  ),
  'webhooks.setTrustedProxy': procedure<string | null>()(
    "Trusts the TLS proxy at this IP address ('' trusts none): from it, the receiver's per-sender budget keys on the last X-Forwarded-For hop; from anyone else that header is ignored. Trusting one is asked in main's own dialog. Answers the address in force.",
    z.strictObject({ address: z.string().max(64) }),
  ),
  'webhooks.receiverStatus': procedure<string | null>()(
    'The address the webhook receiver listens on, or null while it is off.',
    z.strictObject({}).optional(),
  ),
  'webhooks.events': procedure<WebhookEventView[]>()(
    'Received webhook events of an account, newest first.',
    z.strictObject({
      accountId,
      before: z
        .strictObject({ receivedAtMs: z.number().int().nonnegative(), id: z.string().max(64) })
        .optional(),
      limit: z.number().int().min(1).max(1000).optional(),
    }),
  ),
  'webhooks.reconcile': procedure<number>()(
    'Fills in, from the deposit/withdraw history, the events that never arrived; answers how many.',
    z.strictObject({ accountId }),
  ),
} as const satisfies Record<string, ProcedureDef>;
