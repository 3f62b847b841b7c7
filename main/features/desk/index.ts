/**
 * The desk as a feature (`board.*`): the board's rows (read, refreshed, followed live), when a row
 * needs attention, one order for many accounts, bulk cancel, close and flatten, and the log of those
 * batches. The desk's order service and its batch log serve the sub-accounts' work too.
 */
import { join } from 'node:path';
import type { MainBus } from '../../bus.ts';
import type { Cache } from '../../cache/index.ts';
import type { EventHub } from '../../event-hub.ts';
import type { Logger } from '../../log.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import { AttentionWatch } from './attention-watch.ts';
import { BatchAudit } from './audit.ts';
import { BoardService } from './board.ts';
import { BoardFeeds, BoardLive } from './board-live.ts';
import { BulkActions } from './bulk.ts';
import { DeskService } from './desk.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import type { LastKnown } from '../../services/live/last-known.ts';
import type { LiveService } from '../../services/live/service.ts';
import type { MemoryTrim } from '../../services/memory-trim.ts';
import type { AccountRegistry } from '../../vault/registry.ts';
import { boardHandlers } from './handlers.ts';

export interface DeskDeps {
  profileDir: string;
  accounts: AccountService;
  registry: AccountRegistry;
  connection: ExchangeConnection;
  cache: Cache;
  lastKnown: LastKnown;
  live: LiveService;
  trim: MemoryTrim;
  bus: MainBus;
  events: EventHub;
  platform: Platform;
  log: Logger;
  /** A desktop notice of rows entering attention (the notifications feature's). */
  notify(title: string, body: string): void;
}

export interface DeskFeature {
  readonly handlers: ReturnType<typeof boardHandlers>;
  readonly desk: DeskService;
  readonly deskAudit: BatchAudit;
  readonly board: BoardService;
  /** A page instance is gone: the board it followed is let go. */
  release(frame: string): void;
  close(): void;
}

export function create(deps: DeskDeps): DeskFeature {
  const { accounts, connection, cache, bus, log, trim, platform } = deps;
  const attention = new AttentionWatch({
    file: join(deps.profileDir, 'desk-attention.json'),
    events: deps.events,
    notify: deps.notify,
    log,
  });
  const feeds = new BoardFeeds();
  const board = new BoardService({
    accounts,
    connection,
    cache,
    bus,
    feedOf: (account) => feeds.of(account),
    log,
    store: deps.lastKnown,
    onRefreshed: (rows) => attention.observe(rows),
    trim,
  });
  const boardLive = new BoardLive({
    live: deps.live,
    board,
    bus,
    feeds,
    log,
    trim,
    onDeskChanged: (listener) => deps.registry.onAccountsChanged(listener),
  });
  const desk = new DeskService(accounts, connection, platform);
  const deskAudit = new BatchAudit(cache);
  const handlers = boardHandlers({
    desk,
    deskAudit,
    accounts,
    events: deps.events,
    cache,
    board,
    boardLive,
    bulk: new BulkActions(accounts, connection, platform),
    attention,
  });
  return {
    handlers,
    desk,
    deskAudit,
    board,
    release: (frame) => boardLive.release(frame),
    close: () => boardLive.close(),
  };
}
