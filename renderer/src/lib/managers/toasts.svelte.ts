import type { Notice, TxcApi } from '../api.ts';

export interface Toast extends Notice {
  readonly id: number;
}

/** Timers the manager uses; tests pass fakes. */
export interface ToastTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: ToastTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Info notices leave by themselves after this long; warnings and errors stay until dismissed. */
export const INFO_TOAST_MS = 6000;
/** Oldest toasts give way beyond this many. */
export const MAX_TOASTS = 5;

/** Notices pushed by main (`app.notice`), shown as toasts. */
export class ToastManager {
  toasts = $state<Toast[]>([]);
  #next = 1;
  readonly #timers: ToastTimers;
  /** Auto-dismiss timers by toast id: bookkeeping, not shown, so deliberately not reactive. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #pending = new Map<number, unknown>();

  constructor(timers: ToastTimers = browserTimers) {
    this.#timers = timers;
  }

  /** Starts listening to the bridge; returns a function that stops. */
  listen(api: TxcApi): () => void {
    return api.on('app.notice', (notice) => this.push(notice));
  }

  push(notice: Notice): Toast {
    const toast: Toast = { id: this.#next++, level: notice.level, message: notice.message };
    const kept = [...this.toasts, toast];
    for (const dropped of kept.splice(0, Math.max(0, kept.length - MAX_TOASTS))) this.#forget(dropped.id);
    this.toasts = kept;
    if (toast.level === 'info') {
      this.#pending.set(
        toast.id,
        this.#timers.set(() => this.dismiss(toast.id), INFO_TOAST_MS),
      );
    }
    return toast;
  }

  dismiss(id: number): void {
    this.#forget(id);
    this.toasts = this.toasts.filter((t) => t.id !== id);
  }

  #forget(id: number): void {
    const handle = this.#pending.get(id);
    if (handle !== undefined) this.#timers.clear(handle);
    this.#pending.delete(id);
  }
}
