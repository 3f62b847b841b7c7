/** IPC handlers of `mining.*`: one account's mining pool accounts. */
import * as mining from '../../exchange/endpoints/mining.ts';
import type { Handlers } from '../../ipc/router.ts';
import type { HandlerContext } from '../context.ts';

type MiningProcedures = Extract<keyof Handlers, `mining.${string}`>;

const HOUR_MS = 3_600_000;

export function miningHandlers({
  accounts,
  cache,
  miningWatch,
}: HandlerContext): Pick<Handlers, MiningProcedures> {
  const as = (id: string) => accounts.caller(id);
  return {
    'mining.accounts': async ({ accountId }) => mining.accounts(await as(accountId)),
    'mining.info': async ({ accountId, miningAccount }) =>
      mining.minerInfo(await as(accountId), miningAccount),
    'mining.rewards': async ({ accountId, miningAccount, limit }) =>
      (
        await cache.mining.rewards({
          account: accountId,
          ...(miningAccount ? { miningAccount } : {}),
          ...(limit ? { limit } : {}),
        })
      ).map((r) => ({
        miningAccount: r.miningAccount,
        time: r.time,
        reward: r.reward,
        fee: r.fee,
        hashrate: r.hashrate,
      })),
    'mining.workerSamples': async ({ accountId, miningAccount, hours = 24 }) =>
      (await cache.mining.workerSamples(accountId, miningAccount, Date.now() - hours * HOUR_MS)).map((s) => ({
        sampledAtMs: s.sampledAtMs,
        online: s.online,
        offline: s.offline,
        low: s.low,
      })),
    'mining.watcherLinks': async ({ accountId, miningAccount }) =>
      (await mining.watcherLinks(await as(accountId), miningAccount)).map((l) => ({
        id: l.id,
        name: l.name,
        link: l.link,
        accounts: l.accounts,
        permissions: l.permissions,
        createdAtMs: l.createdAt * 1000,
        liveUntilMs: l.liveUntil == null ? null : l.liveUntil * 1000,
      })),
    'mining.pollNow': () => miningWatch.poll(),
  };
}
