import type { TxcApi } from '../api.ts';

/** A short stand-in for an account id (a UUID) until its label is known. */
export function shortId(id: string): string {
  return `account …${id.slice(-4)}`;
}

/**
 * Account labels for widgets fed by events that carry only ids: fetched with `accounts.list` when an
 * unknown id shows up, once per unknown id (ids the list does not know keep their short form).
 */
export class AccountLabels {
  #labels = $state<Record<string, string>>({});
  #loading: Promise<void> | undefined;
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** The label, or the short id while it is loading or unknown. */
  label(id: string): string {
    return this.#labels[id] ?? shortId(id);
  }

  /** Makes sure `ids` get their labels (one `accounts.list` call for any number of unknown ids). */
  ensure(ids: readonly string[]): Promise<void> {
    const unknown = ids.filter((id) => !(id in this.#labels));
    if (unknown.length === 0) return Promise.resolve();
    this.#loading ??= this.#api.accounts.list().then((reply) => {
      const labels: Record<string, string> = reply.ok
        ? Object.fromEntries(reply.value.map((a) => [a.id, a.label]))
        : {};
      for (const id of unknown) labels[id] ??= shortId(id);
      this.#labels = { ...this.#labels, ...labels };
      this.#loading = undefined;
    });
    return this.#loading;
  }
}
