/**
 * The mining pool's endpoints: read only under the mining capability, except where the rewards are
 * paid, which moves funds (a withdrawal capability's, under four eyes), and the two that make
 * something new at the pool (a mining account, a watcher link): an admin's, as sub-accounts and their
 * links are. `accounts.ts` takes them in.
 */
import * as mining from '../schemas/mining.ts';
import { admin, post, treasurer, type RestEndpoint } from './endpoint.ts';

export const MINING = {
  miningAccounts: post('mining/accounts', {
    request: mining.accountsRequest,
    answer: mining.accountsAnswer,
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.accounts'],
  }),
  // a new account at the pool: no funds move, but it is the desk's own, as a sub-account is
  miningAccountCreate: post('mining/accounts/create', {
    request: mining.accountCreateRequest,
    answer: mining.accountCreateAnswer,
    group: 'account',
    desk: admin('create a mining account'),
    capability: 'mining',
    reachedBy: ['mining.createAccount'],
  }),
  miningRewards: post('mining/rewards', {
    request: mining.rewardsRequest,
    answer: mining.rewardsAnswer,
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.rewards'],
  }),
  // a link anyone holding it can open: it shows the pool's figures and moves nothing
  watcherLinkCreate: post('mining/watcher-links/create', {
    request: mining.watcherLinkCreateRequest,
    answer: mining.watcherLinkCreateAnswer,
    group: 'account',
    desk: admin('make a watcher link to mining accounts'),
    capability: 'mining',
    reachedBy: ['mining.createWatcherLink'],
  }),
  minersInfo: post('mining/miners/info', {
    request: mining.accountRequest,
    answer: mining.minerInfoAnswer,
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.info'],
  }),
  watcherLinks: post('mining/watcher-links/list', {
    request: mining.accountRequest,
    answer: mining.watcherLinksAnswer,
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.watcherLinks'],
  }),
  miningHashrate: post('mining/hashrate', {
    request: mining.hashrateRequest,
    answer: mining.hashrateAnswer,
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.workers'],
  }),
  workerNames: post('mining/workers/names', {
    request: mining.workerNamesRequest,
    answer: mining.workerNamesAnswer,
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.workers'],
  }),
  workerHashrate: post('mining/workers/hashrate', {
    request: mining.workerHashrateRequest,
    answer: mining.workerHashrateAnswer,
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.workers'],
  }),
  payoutDestination: post('mining/payout-destination', {
    request: mining.payoutDestinationRequest,
    answer: mining.payoutDestinationAnswer,
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.payoutDestination'],
  }),
  // where future rewards are paid: an external address takes them out of the desk, so it moves funds
  // (a key is allowed it with withdrawals) and is a treasurer's work under four eyes, as a withdrawal is
  payoutDestinationEdit: post('mining/payout-destination/edit', {
    request: mining.payoutDestinationEditRequest,
    answer: mining.payoutDestinationAnswer,
    group: 'account',
    desk: treasurer('change where mining rewards are paid'),
    capability: 'withdraw',
    movesFunds: true,
    fourEyes: 'payout',
    reachedBy: ['mining.setPayoutDestination'],
  }),
} as const satisfies Record<string, RestEndpoint>;
