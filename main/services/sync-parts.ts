/** Parts another feature adds to every account's history sync (`HistoryService.useParts`). */
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import type { HistorySink } from '../sync/sink.ts';

/** What a part of an account's sync that another feature adds is given (`HistoryService.useParts`). */
export interface SyncPartContext {
  account: string;
  kind: 'main' | 'sub';
  caller: KeyCaller;
  /** Where the run stores what it reads, with its checkpoints: the cache, or the team store under the lease. */
  sink: HistorySink;
  signal: AbortSignal;
}

/** A part of every account's history sync (the vault's records): run after deals, borrows, positions and mining. */
export interface SyncPart {
  readonly name: string;
  run(context: SyncPartContext): Promise<unknown>;
}
