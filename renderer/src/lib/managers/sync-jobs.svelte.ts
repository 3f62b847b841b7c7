import type { SyncFinished, SyncProgressView } from '../../../../main/ipc/contract.ts';
import type { IpcError, Notice, TxcApi } from '../api.ts';
import type { AccountLabels } from './account-labels.svelte.ts';

/** A running history sync as the status bar shows it. */
export interface SyncJob extends SyncProgressView {
  cancelling: boolean;
}

/**
 * History syncs in progress, fed by `sync.progress` and `sync.finished`; each can be cancelled
 * (`sync.cancel` stops it at a checkpoint, from which it resumes later).
 */
export class SyncJobsManager {
  jobs = $state<SyncJob[]>([]);
  error = $state<IpcError | undefined>();
  readonly labels: AccountLabels;
  readonly #api: TxcApi;
  readonly #notify: (notice: Notice) => void;

  /** `notify` receives what the user must hear about: a sync that stopped on an error. */
  constructor(api: TxcApi, labels: AccountLabels, notify: (notice: Notice) => void = () => undefined) {
    this.#api = api;
    this.labels = labels;
    this.#notify = notify;
  }

  /** Starts listening; returns a function that stops. */
  listen(): () => void {
    const stops = [
      this.#api.on('sync.progress', (p) => this.progress(p)),
      this.#api.on('sync.finished', (f) => this.finished(f)),
    ];
    return () => stops.forEach((stop) => stop());
  }

  /** The account's label for a job (its short id until known). */
  label(job: SyncProgressView): string {
    return this.labels.label(job.account);
  }

  progress(p: SyncProgressView): void {
    const existing = this.jobs.find((j) => j.job === p.job);
    const job: SyncJob = { ...p, cancelling: existing?.cancelling ?? false };
    this.jobs = existing ? this.jobs.map((j) => (j.job === p.job ? job : j)) : [...this.jobs, job];
    void this.labels.ensure([p.account]);
  }

  finished(f: SyncFinished): void {
    if (f.outcome === 'failed') {
      const why = f.message ?? 'it stopped on an error';
      this.#notify({
        level: 'warning',
        message: `History sync of ${this.labels.label(f.account)} stopped: ${why}`,
      });
    }
    this.jobs = this.jobs.filter((j) => j.job !== f.job);
  }

  async cancel(account: string): Promise<void> {
    this.jobs = this.jobs.map((j) => (j.account === account ? { ...j, cancelling: true } : j));
    const reply = await this.#api.sync.cancel({ accountIds: [account] });
    this.error = reply.ok ? undefined : reply.error;
    if (!reply.ok)
      this.jobs = this.jobs.map((j) => (j.account === account ? { ...j, cancelling: false } : j));
  }
}
