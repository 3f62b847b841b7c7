/** Mining as a feature: the mining accounts' pools, their workers one by one with their hashrate, and the watch that alerts on workers going offline. */
import type { MainBus } from '../../bus.ts';
import type { Cache } from '../../cache/index.ts';
import type { Logger } from '../../log.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import type { KnownReads } from '../live/known-reads.ts';
import { MiningCreate } from './create.ts';
import { MiningAccounts } from './service.ts';
import { MiningWatch } from './watch.ts';
import { MiningWorkers } from './workers.ts';
import { MiningPayouts } from './payout.ts';
import type { Platform } from '../../platform.ts';
import type { AddressBook } from '../../services/wallet/address-book.ts';
import type { Approvals } from '../../services/four-eyes/approvals.ts';
import type { AccountRegistry } from '../../vault/registry.ts';
import { miningHandlers } from './handlers.ts';

export interface MiningDeps {
  cache: Cache;
  /** The exchange's public reads (the whole pool's figures). */
  connection: ExchangeConnection;
  accounts: AccountService;
  registry: AccountRegistry;
  connectionId: string;
  known: KnownReads;
  bus: MainBus;
  log: Logger;
  platform: Platform;
  addressBook: AddressBook;
  /** Four eyes: a payout change of a team's account is proposed (absent: always sent alone). */
  approvals?: Approvals | undefined;
  /** Poll the mining accounts every this many ms (off when unset). */
  watchMs?: number | undefined;
}

export function create(deps: MiningDeps) {
  const { accounts, connectionId } = deps;
  const miningWatch = new MiningWatch(
    deps.cache,
    async () =>
      Promise.all(
        deps.registry
          .list()
          .filter((a) => a.kind === 'main' && a.connection === connectionId)
          .map(async (a) => ({ account: a.id, caller: (await accounts.caller(a.id)).inBackground() })),
      ),
    deps.bus,
    deps.log,
  );
  if (deps.watchMs) miningWatch.start(deps.watchMs);
  const mining = new MiningAccounts(accounts, deps.cache, deps.connection.http);
  return {
    handlers: miningHandlers({
      mining,
      miningWatch,
      workers: new MiningWorkers(accounts, deps.known),
      payouts: new MiningPayouts({
        accounts,
        platform: deps.platform,
        book: deps.addressBook,
        approvals: deps.approvals,
      }),
      create: new MiningCreate(accounts, deps.platform),
      known: deps.known,
    }),
    async close() {
      miningWatch.stop();
      await miningWatch.idle();
    },
  };
}
