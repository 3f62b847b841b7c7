/** IPC handlers of `mining.*`: one account's mining pool accounts, their workers and where their rewards are paid. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { miningProcedures } from './procedures.ts';
import type { MiningCreate } from './create.ts';
import type { MiningAccounts } from './service.ts';
import type { MiningWatch } from './watch.ts';
import type { MiningWorkers } from './workers.ts';
import type { MiningPayouts } from './payout.ts';
import type { KnownReads } from '../live/known-reads.ts';

type Handlers = HandlersOf<typeof miningProcedures>;

/** What the handlers of `mining.*` draw on. */
export interface MiningHandlerDeps {
  readonly mining: MiningAccounts;
  readonly miningWatch: MiningWatch;
  readonly workers: MiningWorkers;
  readonly payouts: MiningPayouts;
  readonly create: MiningCreate;
  /** Reads that keep what they saw as the last known state, and its recall for the screens. */
  readonly known: KnownReads;
}

export function miningHandlers({
  mining,
  miningWatch,
  workers,
  payouts,
  create,
  known,
}: MiningHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `mining.${string}`>> {
  return {
    'mining.accounts': ({ accountId }) =>
      known.fresh(accountId, 'mining.accounts', () => mining.list(accountId)),
    'mining.info': ({ accountId, miningAccount }) =>
      known.fresh(accountId, 'mining.workers', () => mining.info(accountId, miningAccount), miningAccount),
    'mining.rewards': ({ accountId, miningAccount, limit }) =>
      mining.rewards(accountId, miningAccount, limit),
    'mining.workerSamples': ({ accountId, miningAccount, hours = 24 }) =>
      mining.workerSamples(accountId, miningAccount, hours),
    'mining.workers': ({ accountId, miningAccount, hours = 24 }) =>
      known.fresh(
        accountId,
        'mining.hashrates',
        () => workers.read(accountId, miningAccount, hours),
        miningAccount,
      ),
    'mining.watcherLinks': ({ accountId, miningAccount }) => mining.watcherLinks(accountId, miningAccount),
    'mining.payoutDestination': ({ accountId, miningAccount }) =>
      known.fresh(
        accountId,
        'mining.payout',
        () => payouts.destination(accountId, miningAccount),
        miningAccount,
      ),
    'mining.setPayoutDestination': async ({ accountId, ...change }) => {
      const done = await payouts.change(accountId, change);
      if (!('proposed' in done)) known.keep(accountId, 'mining.payout', done, change.miningAccount);
      return done;
    },
    'mining.createAccount': ({ accountId, name }) => create.account(accountId, name),
    'mining.createWatcherLink': ({ accountId, ...link }) => create.watcherLink(accountId, link),
    'mining.pool': () => mining.pool(),
    'mining.pollNow': () => miningWatch.poll(),
  };
}
