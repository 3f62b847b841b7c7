import type { IpcError, TxcApi } from '../api.ts';

/** A live channel a screen of one account follows, by main's `live.subscribe`. */
export type LiveChannel = Parameters<TxcApi['live']['subscribe']>[0]['channel'];

/**
 * The live channels one screen holds for the account it follows: each `channel:topic` asked for
 * once, an answer that comes after the account changed given back at once, and all of them given
 * back when the screen stops following.
 */
export class LiveSubscriptions {
  /** Subscription ids by `channel:topic` ('' while the subscribe is in flight). */
  #subs: Record<string, string> = {};
  readonly #api: TxcApi;
  readonly #account: () => string;
  readonly #refused: (error: IpcError) => void;

  /** `refused`: told why a subscription of the account still followed was refused. */
  constructor(api: TxcApi, account: () => string, refused: (error: IpcError) => void) {
    this.#api = api;
    this.#account = account;
    this.#refused = refused;
  }

  /** Follows `channel` on `topic` for the account now, unless it is already followed or asked for. */
  async add(channel: LiveChannel, topic: string): Promise<void> {
    const key = `${channel}:${topic}`;
    const account = this.#account();
    if (key in this.#subs || !account) return;
    this.#subs[key] = '';
    const reply = await this.#api.live.subscribe({ accountId: account, channel, topic });
    if (!reply.ok) {
      if (account === this.#account()) this.#refused(reply.error);
      this.#subs = Object.fromEntries(Object.entries(this.#subs).filter(([k]) => k !== key));
    } else if (account !== this.#account()) await this.#api.live.unsubscribe({ id: reply.value });
    else this.#subs[key] = reply.value;
  }

  /** Gives every subscription back. */
  async clear(): Promise<void> {
    const ids = Object.values(this.#subs).filter(Boolean);
    this.#subs = {};
    for (const id of ids) await this.#api.live.unsubscribe({ id });
  }
}
