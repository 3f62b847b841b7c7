/**
 * The push pipeline as a feature: each account's socket (the floor's `LiveService`, one window per
 * account) merged in memory (`PushedState`), the cache written behind, what reaches the pages
 * (`forwardToPages`), and the reads that keep what they saw as the last known state (`known.*`).
 */
import type { MainBus } from '../../bus.ts';
import type { EventHub } from '../../event-hub.ts';
import type { Logger } from '../../log.ts';
import { KnownReads } from './known-reads.ts';
import type { LastKnown } from '../../services/live/last-known.ts';
import type { LiveService } from '../../services/live/service.ts';
import { forwardToPages } from '../../services/live/page-events.ts';
import { PushedState } from './pushed-state.ts';
import { liveHandlers } from './handlers.ts';
import { knownHandlers } from './known-handlers.ts';

export interface LiveDeps {
  live: LiveService;
  lastKnown: LastKnown;
  bus: MainBus;
  events: EventHub;
  log: Logger;
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
  forwardToPages(bus, deps.events, live);
  const known = new KnownReads(lastKnown, log);
  return {
    handlers: { ...liveHandlers({ live }), ...knownHandlers({ known }) },
    known,
    async close() {
      // the sockets' last batches are merged before what is merged is written
      live.stop();
      await pushed.flush();
    },
  };
}
