/** The procedures of one account's mining pool accounts. */
import { z } from 'zod';
import { accountId, noInput, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type { ProposedView } from '../../views/approvals.ts';
import type {
  MinerInfoView,
  MiningAlertView,
  MiningPoolView,
  MiningRewardView,
  MiningWorkersView,
  PayoutDestinationView,
  WatcherLinkView,
  WorkerSampleView,
} from '../../views/mining.ts';

const miningAccount = z.string().min(1).max(255);
/** A name made at the pool (a mining account's, a watcher link's), as the exchange takes it. */
const newName = (what: string) =>
  z
    .string()
    .min(1, `Give the ${what} a name.`)
    .max(255, `The ${what}'s name can be at most 255 characters.`)
    .regex(/^[a-zA-Z0-9_]+$/, `The ${what}'s name may hold only letters, digits and underscores (_).`);

export const miningProcedures = {
  'mining.accounts': procedure<Array<{ name: string; createdAt: number }>>()(
    'The mining accounts of an account.',
    z.strictObject({ accountId }),
  ),
  'mining.info': procedure<MinerInfoView>()(
    'Workers online, offline and low, fee and stratum of a mining account.',
    z.strictObject({ accountId, miningAccount }),
  ),
  'mining.rewards': procedure<MiningRewardView[]>()(
    'Cached mining rewards, newest first (the mining watch and the history sync fill them in).',
    z.strictObject({
      accountId,
      miningAccount: miningAccount.optional(),
      limit: z.number().int().min(1).max(1000).optional(),
    }),
  ),
  'mining.workerSamples': procedure<WorkerSampleView[]>()(
    'Worker counts over the last hours of a mining account, oldest first (for the chart).',
    z.strictObject({
      accountId,
      miningAccount,
      /** 24 by default; at most three days (the cache answers up to 10,000 readings). */
      hours: z.number().int().min(1).max(72).optional(),
    }),
  ),
  'mining.workers': procedure<MiningWorkersView>()(
    'Every worker of a mining account with its hashrate over the last hours (TH/s), quiet ones first, and the account’s hashrate (H/s).',
    z.strictObject({
      accountId,
      miningAccount,
      /** 24 by default; up to 6 hours in 5-minute points, beyond in hours; at most three days. */
      hours: z.number().int().min(1).max(72).optional(),
    }),
  ),
  'mining.watcherLinks': procedure<WatcherLinkView[]>()(
    'The watcher links of a mining account, with when each expires.',
    z.strictObject({ accountId, miningAccount }),
  ),
  'mining.payoutDestination': procedure<PayoutDestinationView>()(
    "Where a mining account's rewards are paid: the main balance or an external BTC address.",
    z.strictObject({ accountId, miningAccount }),
  ),
  'mining.setPayoutDestination': procedure<PayoutDestinationView | ProposedView>()(
    "Changes where a mining account's rewards are paid, after main's own question; on a team desk it is proposed for a second operator instead.",
    z.strictObject({
      accountId,
      miningAccount,
      destination: z.enum(['main_balance', 'external_address']),
      /** The BTC address, only for an external one (checked in main). */
      address: z.string().max(100).optional(),
    }),
  ),
  'mining.createAccount': procedure<{ name: string; createdAt: number }>()(
    'Makes a new mining account of the account’s user (its name unique among them).',
    z.strictObject({ accountId, name: newName('mining account') }),
  ),
  'mining.createWatcherLink': procedure<WatcherLinkView>()(
    'Makes a read-only watcher link to mining accounts, after main’s own question; answers the link with its expiry.',
    z.strictObject({
      accountId,
      accounts: z.array(miningAccount).min(1, 'Choose at least one mining account.').max(100),
      name: newName('link'),
      permissions: z
        .array(z.enum(['dashboard', 'rewards', 'workers']))
        .min(1, 'Choose at least one thing the link shows.')
        .max(3),
      liveUntil: z.enum(['1h', '24h', '7d', 'always']),
    }),
  ),
  'mining.pool': procedure<MiningPoolView>()(
    "The whole mining pool's figures as the exchange publishes them: workers, hashrate now and over the last seven days, blocks found.",
    noInput,
  ),
  'mining.pollNow': procedure<MiningAlertView[]>()(
    'Reads every mining account now, as the mining watch does each minute; answers the alerts raised.',
    noInput,
  ),
} as const satisfies Record<string, ProcedureDef>;
