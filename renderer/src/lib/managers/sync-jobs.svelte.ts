import type { SyncFinished, SyncProgressView } from '../../../../main/ipc/contract.ts';
import type { IpcError, Notice, TxcApi } from '../api.ts';

/** A running history sync as the status bar shows it. */
export interface SyncJob extends SyncProgressView {
  /** The account's label, or a short form of its id until the label is known. */
  readonly label: string;
  cancelling: boolean;
}

function shortId(id: string): string {
  return `account …${id.slice(-4)}`;
}

/**
 * History syncs in progress, fed by `sync.progress` and `sync.finished`; each can be cancelled
 * (`sync.cancel` stops it at a checkpoint, from which it resumes later).
 */
export class SyncJobsManager {
  jobs = $state<SyncJob[]>([]);
  error = $state<IpcError | undefined>();
  #labels = $state<Record<string, string>>({});
  #loadingLabels: Promise<void> | undefined;
  readonly #api: TxcApi;
  readonly #notify: (notice: Notice) => void;

  /** `notify` receives what the user must hear about: a sync that stopped on an error. */
  constructor(api: TxcApi, notify: (notice: Notice) => void = () => undefined) {
    this.#api = api;
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

  progress(p: SyncProgressView): void {
    const label = this.#labels[p.account] ?? shortId(p.account);
    const existing = this.jobs.find((j) => j.job === p.job);
    const job: SyncJob = { ...p, label, cancelling: existing?.cancelling ?? false };
    this.jobs = existing ? this.jobs.map((j) => (j.job === p.job ? job : j)) : [...this.jobs, job];
    if (!(p.account in this.#labels)) void this.#loadLabels();
  }

  finished(f: SyncFinished): void {
    if (f.outcome === 'failed') {
      const label =
        this.#labels[f.account] ?? this.jobs.find((j) => j.job === f.job)?.label ?? shortId(f.account);
      const why = f.message ?? 'it stopped on an error';
      this.#notify({ level: 'warning', message: `History sync of ${label} stopped: ${why}` });
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

  /** Account labels, fetched once when a job of an unknown account shows up. */
  #loadLabels(): Promise<void> {
    this.#loadingLabels ??= this.#api.accounts.list().then((reply) => {
      const labels: Record<string, string> = reply.ok
        ? Object.fromEntries(reply.value.map((a) => [a.id, a.label]))
        : {};
      // Accounts the list does not know keep their short id, and are not asked about again.
      for (const j of this.jobs) labels[j.account] ??= shortId(j.account);
      this.#labels = { ...this.#labels, ...labels };
      this.jobs = this.jobs.map((j) => ({ ...j, label: this.#labels[j.account] ?? j.label }));
      this.#loadingLabels = undefined;
    });
    return this.#loadingLabels;
  }
}
