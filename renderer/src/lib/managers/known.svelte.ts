/**
 * Cache first, network second: a screen's value painted at once from the last known state main kept
 * (`known.recall`), marked with its age, then replaced by the exchange's answer when it comes. A value
 * that could not be refreshed stays as the last known one with the reason; nothing known is never
 * shown as "none".
 */
import type { KnownKind, KnownKinds } from '../../../../main/ipc/contract.ts';
import type { IpcError, Reply, TxcApi } from '../api.ts';
import { ReplyGuard, type Asked } from './reply-guard.ts';

/** Where the value on screen came from: the exchange now, the saved state, or nowhere yet. */
export type KnownSource = 'exchange' | 'cache' | 'none';

/** The age and source of what a screen shows, for `AsOf`. */
export interface KnownStatus {
  readonly source: KnownSource;
  readonly asOfMs: number | null;
  readonly problem: IpcError | undefined;
  readonly refreshing: boolean;
}

/** The last known value of one kind for each account asked, by account id (missing: never seen). */
export async function recall<K extends KnownKind>(
  api: TxcApi,
  kind: K,
  accountIds?: readonly string[],
  scope?: string,
): Promise<Partial<Record<string, { value: KnownKinds[K]; asOfMs: number }>>> {
  const reply = await api.known.recall({
    kind,
    ...(accountIds ? { accountIds: [...accountIds] } : {}),
    ...(scope ? { scope } : {}),
  });
  if (!reply.ok) return {};
  return Object.fromEntries(
    reply.value.map((e) => [e.account, { value: e.value as KnownKinds[K], asOfMs: e.asOfMs }]),
  );
}

/** One value of a screen (an account's open orders, its balances...) with its age and source. */
export class Known<T> implements KnownStatus {
  value = $state<T | undefined>();
  asOfMs = $state<number | null>(null);
  source = $state<KnownSource>('none');
  problem = $state<IpcError | undefined>();
  refreshing = $state(false);
  #subject: string | undefined;
  readonly #loads = new ReplyGuard();

  /**
   * Shows what is known of `subject` (an account and market, say): the saved value at once, unless the
   * exchange answers first, then the exchange's answer. A new subject starts from nothing known.
   * Resolves once the newest load is in (a load overtaken by another waits for that one).
   */
  load(
    subject: string,
    saved: () => Promise<{ value: T; asOfMs: number } | undefined>,
    fresh: () => Promise<Reply<T>>,
  ): Promise<void> {
    return this.#loads.run((asked) => this.#load(asked, subject, saved, fresh));
  }

  async #load(
    asked: Asked,
    subject: string,
    saved: () => Promise<{ value: T; asOfMs: number } | undefined>,
    fresh: () => Promise<Reply<T>>,
  ): Promise<void> {
    if (subject !== this.#subject) {
      this.#subject = subject;
      this.value = undefined;
      this.asOfMs = null;
      this.source = 'none';
      this.problem = undefined;
    }
    this.refreshing = true;
    // A fresh answer that came first wins; a failed one leaves room for the saved value.
    let answered = false;
    const answer = fresh().then((reply) => {
      answered = reply.ok;
      return reply;
    });
    const kept = await saved();
    if (!asked.stale && !answered && kept && this.source !== 'exchange') {
      this.value = kept.value;
      this.asOfMs = kept.asOfMs;
      this.source = 'cache';
    }
    const reply = await answer;
    if (asked.stale) return;
    this.refreshing = false;
    if (reply.ok) {
      this.value = reply.value;
      this.asOfMs = Date.now();
      this.source = 'exchange';
      this.problem = undefined;
    } else {
      this.problem = reply.error;
      // What was on screen stays, as what was last known (its time unchanged).
      if (this.source === 'exchange') this.source = 'cache';
    }
  }

  /** A value the exchange pushed just now: it is fresh. */
  set(value: T): void {
    this.value = value;
    this.asOfMs = Date.now();
    this.source = 'exchange';
    this.problem = undefined;
  }

  /** A change made here (an order cancelled) applied to the value shown. */
  update(change: (value: T) => T): void {
    if (this.value !== undefined) this.value = change(this.value);
  }
}
