/**
 * The desk's history sync: an account is synced by one operator at a time (its lease), into the team
 * store; the others read what it wrote through their replicas. An operator who asks for a sync of an
 * account a teammate is syncing waits for it, and when the lease comes to them (the teammate finished,
 * quit or crashed) goes on from the stored checkpoint, or does nothing when a teammate synced it after
 * they asked.
 */
import { dealsJob, type DealsCursor } from '../sync/deals.ts';
import type { HistorySink } from '../sync/sink.ts';
import type { Logger } from '../log.ts';
import { TeamHistorySink } from './history-sink.ts';
import { SyncLeases } from './sync-lease.ts';
import type { TeamStore } from './store.ts';

export type TeamSyncStart =
  | { kind: 'held'; holder: string | undefined }
  | { kind: 'fresh' }
  | { kind: 'run'; sink: HistorySink; release: () => Promise<void> };

export class TeamHistory {
  readonly store: TeamStore;
  readonly leases: SyncLeases;

  constructor(store: TeamStore, log: Logger) {
    this.store = store;
    this.leases = new SyncLeases(store, log);
  }

  /**
   * Takes the account's lease for a run asked for at `askedAtS` (Unix seconds): `held` while a
   * teammate syncs it, `fresh` when a teammate's sync that began reading at or after that second is
   * complete (operators who press Sync together read each account once; a sync that began before the
   * ask may have missed what the asker just traded, so it does not answer it), else `run` with the
   * store to write to (release the lease when done).
   */
  async begin(account: string, askedAtS: number): Promise<TeamSyncStart> {
    const token = await this.leases.tryTake(account);
    if (!token) return { kind: 'held', holder: await this.leases.holder(account).catch(() => undefined) };
    const release = () => this.leases.release(account);
    try {
      const sink = new TeamHistorySink(this.store, account, () => this.leases.token(account));
      const cursor = (await sink.checkpoints.load(dealsJob(account)))?.cursor as DealsCursor | undefined;
      if (cursor?.phase === 'idle' && cursor.syncedUntil >= askedAtS) {
        await release();
        return { kind: 'fresh' };
      }
      return { kind: 'run', sink, release };
    } catch (error) {
      await release();
      throw error;
    }
  }

  /** Where each account's deal sync stands in the team store. */
  async checkpoints(): Promise<Map<string, DealsCursor>> {
    return (await this.jobs('deals:')) as Map<string, DealsCursor>;
  }

  /** Where every sync job whose key starts with `prefix` stands in the team store. */
  async jobs(prefix = ''): Promise<Map<string, unknown>> {
    const rows = await this.store.query<{ job: string; cursor: unknown }>(
      'SELECT job, cursor FROM sync_checkpoints WHERE starts_with(job, $1)',
      [prefix],
    );
    return new Map(rows.map((r) => [r.job, r.cursor]));
  }

  close(): Promise<void> {
    return this.leases.close();
  }
}
