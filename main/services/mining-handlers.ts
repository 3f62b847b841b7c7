/** IPC handlers for one account's mining pool accounts. */
import * as mining from '../exchange/endpoints/mining.ts';
import type { Handlers } from '../ipc/router.ts';
import type { HandlerContext } from './handler-context.ts';

type MiningProcedures = Extract<keyof Handlers, `mining.${string}`>;

export function miningHandlers({ accounts, cache }: HandlerContext): Pick<Handlers, MiningProcedures> {
  const as = (id: string) => accounts.caller(id);
  return {
    'mining.accounts': async ({ accountId }) => mining.accounts(await as(accountId)),
    'mining.info': async ({ accountId, miningAccount }) =>
      mining.minerInfo(await as(accountId), miningAccount),
    'mining.rewards': ({ accountId, miningAccount }) =>
      cache.mining.rewards({ account: accountId, ...(miningAccount ? { miningAccount } : {}) }),
    'mining.workerSamples': ({ accountId, miningAccount }) =>
      cache.mining.workerSamples(accountId, miningAccount),
  };
}
