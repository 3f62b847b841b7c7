/** IPC handlers of `webhooks.*`: webhook keys, the receiver and the received events. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { webhooksProcedures } from './procedures.ts';
import type { HandlerContext } from '../context.ts';

type Handlers = HandlersOf<typeof webhooksProcedures>;

export function webhooksHandlers({
  webhooks,
  cache,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `webhooks.${string}`>> {
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
