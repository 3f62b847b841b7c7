/** IPC handlers of `webhooks.*`: webhook keys, the receiver and the received events. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { webhooksProcedures } from './procedures.ts';
import type { WebhookService } from './service.ts';
import type { Cache } from '../../cache/index.ts';

type Handlers = HandlersOf<typeof webhooksProcedures>;

/** What the handlers of `webhooks.*` draw on. */
export interface WebhooksHandlerDeps {
  readonly webhooks: WebhookService;
  readonly cache: Cache;
}

export function webhooksHandlers({
  webhooks,
  cache,
}: WebhooksHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `webhooks.${string}`>> {
  return {
    'webhooks.configure': async ({ accountId, apiKey }) => {
      await webhooks.configure(accountId, apiKey);
      return null;
    },
    'webhooks.remove': async ({ accountId }) => {
      await webhooks.remove(accountId);
      return null;
    },
    'webhooks.receiver': ({ enabled, port, host }) => webhooks.receiver(enabled, port, host),
    'webhooks.receiverStatus': () => webhooks.receiverUrl,
    'webhooks.trustedProxy': () => webhooks.trustedProxy,
    'webhooks.setTrustedProxy': ({ address }) => webhooks.setTrustedProxy(address),
    'webhooks.events': ({ accountId, before, limit }) =>
      cache.webhooks.list({ account: accountId, ...(before ? { before } : {}), ...(limit ? { limit } : {}) }),
    'webhooks.reconcile': ({ accountId }) => webhooks.reconcile(accountId),
  };
}
