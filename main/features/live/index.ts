/**
 * The push pipeline as a feature: each account's socket (the floor's `LiveService`, one window per
 * account) merged in memory (`PushedState`), the cache written behind, what reaches the pages
 * (`forwardToPages`: merged state and rows as events whole, so a page never reads again because of
 * a push), the positions a new closing order may be a leg of (`LegsRead`), and the reads that keep
 * what they saw as the last known state (`known.*`).
 */
import type { MainBus } from '../../bus.ts';
import type { EventHub } from '../../event-hub.ts';
import type { Logger } from '../../log.ts';
import { KnownReads } from './known-reads.ts';
import type { LastKnown } from '../../services/live/last-known.ts';
import type { LiveService } from '../../services/live/service.ts';
import { forwardToPages } from '../../services/live/page-events.ts';
import { PushedState } from './pushed-state.ts';
import { LegsRead } from './legs-read.ts';
import type { AccountService } from '../../services/accounts.ts';
import { positionsWithLegs } from '../../services/trading/positions.ts';
import { liveHandlers } from './handlers.ts';
import { knownHandlers } from './known-handlers.ts';

export interface LiveDeps {
  live: LiveService;
  lastKnown: LastKnown;
  bus: MainBus;
  events: EventHub;
  log: Logger;
  /** Each account's key, to read the positions a new closing order may be a leg of. */
  accounts: Pick<AccountService, 'caller'>;
}

export interface LiveFeature {
  readonly handlers: ReturnType<typeof liveHandlers> & ReturnType<typeof knownHandlers>;
  readonly known: KnownReads;
  close(): Promise<void>;
}

export function create(deps: LiveDeps): LiveFeature {
  const { live, lastKnown, bus, log } = deps;
  // socket -> one window (LiveService) -> merged in memory (PushedState) -> its followers (the
  // board, alerts, notices, the pages that follow the account) -> the cache, behind.
  const pushed = new PushedState(lastKnown, log, { onMerged: (merged) => bus.emit('known.merged', merged) });
  bus.on('live.pushes', ({ accountId, events: batch, allPositions }) =>
    pushed.add(accountId, batch, allPositions),
  );
  // a new closing order's legs: its account's positions read and handed on as merged state
  const legs = new LegsRead({
    bus,
    store: lastKnown,
    log,
    read: async (account) => positionsWithLegs((await deps.accounts.caller(account)).inBackground()),
  });
  forwardToPages(bus, deps.events, live);
  const known = new KnownReads(lastKnown, log);
  return {
    handlers: { ...liveHandlers({ live }), ...knownHandlers({ known }) },
    known,
    async close() {
      // the sockets' last batches are merged before what is merged is written
      live.stop();
      legs.close();
      await legs.settled();
      await pushed.flush();
    },
  };
}
