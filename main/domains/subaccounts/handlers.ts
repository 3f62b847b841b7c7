/** IPC handlers of `subaccounts.*`: the lifecycle, keys and IP lists, and batches of new sub-accounts. */
import type { Handlers } from '../../ipc/router.ts';
import type { HandlerContext } from '../context.ts';

export function subaccountsHandlers({
  lifecycle,
  subAccountApiKeys: keys,
  createBatches: batches,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `subaccounts.${string}`>> {
  return {
    'subaccounts.list': () => lifecycle.list(),
    'subaccounts.create': (input) => lifecycle.create(input),
    'subaccounts.edit': async ({ subAccountId, ...change }) => {
      await lifecycle.edit(subAccountId, change);
      return null;
    },
    'subaccounts.setBlocked': async ({ subAccountId, blocked }) => {
      await lifecycle.setBlocked(subAccountId, blocked);
      return null;
    },
    'subaccounts.holdings': ({ subAccountId }) => lifecycle.holdings(subAccountId),
    'subaccounts.delete': async ({ subAccountId }) => {
      await lifecycle.remove(subAccountId);
      return null;
    },
    'subaccounts.sweepToMain': ({ subAccountId }) => lifecycle.sweep(subAccountId),
    'subaccounts.transfers': ({ subAccountId, ...query }) => lifecycle.transfers(subAccountId, query),
    'subaccounts.keys': ({ subAccountId }) => keys.list(subAccountId),
    'subaccounts.createKey': ({ subAccountId, ...input }) => keys.create(subAccountId, input),
    'subaccounts.deleteKey': async ({ subAccountId, apiKeyId }) => {
      await keys.remove(subAccountId, apiKeyId);
      return null;
    },
    'subaccounts.keyIps': ({ subAccountId, apiKeyId }) => keys.ips(subAccountId, apiKeyId),
    'subaccounts.setKeyIps': ({ subAccountId, apiKeyId, add, remove }) =>
      keys.setIps(subAccountId, apiKeyId, { add, remove }),
    'subaccounts.previewBatch': ({ pattern, start, count, emailPattern, ...rest }) =>
      batches.preview({ ...rest, names: { kind: 'pattern', pattern, start, count, emailPattern } }),
    'subaccounts.runBatch': ({ previewId }) => batches.run(previewId),
    'subaccounts.resumeBatch': ({ batchId }) => batches.resume(batchId),
    'subaccounts.stopBatch': ({ batchId }) => batches.stop(batchId),
    'subaccounts.batches': () => batches.list(),
    'subaccounts.batch': ({ batchId }) => batches.view(batchId),
    'subaccounts.approvals': () => lifecycle.approvals(),
  };
}
