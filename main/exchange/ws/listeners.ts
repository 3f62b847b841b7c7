/** Who listens to which channel and topic of one socket, and handing a push to them. */
import type { Channel, ChannelParams } from './channels.ts';

export type Listener<C extends Channel> = (params: ChannelParams[C]) => void;

export class ChannelListeners {
  /** channel -> topic ('*' for all) -> listeners */
  readonly #subs = new Map<Channel, Map<string, Set<Listener<Channel>>>>();

  /**
   * Adds a listener. `changed` is true when the channel's topic set grew (a subscription frame is
   * due); `remove` takes it off again and answers true when the topic set shrank.
   */
  add<C extends Channel>(
    channel: C,
    topic: string,
    listener: Listener<C>,
  ): { changed: boolean; remove: () => boolean } {
    let topics = this.#subs.get(channel);
    if (!topics) this.#subs.set(channel, (topics = new Map()));
    let set = topics.get(topic);
    const changed = !set;
    if (!set) topics.set(topic, (set = new Set()));
    set.add(listener as Listener<Channel>);
    const remove = (): boolean => {
      const t = this.#subs.get(channel);
      const l = t?.get(topic);
      if (!t || !l || !l.delete(listener as Listener<Channel>)) return false;
      if (l.size > 0) return false;
      t.delete(topic);
      if (t.size === 0) this.#subs.delete(channel);
      return true;
    };
    return { changed, remove };
  }

  /** The channels listened to. */
  channels(): Channel[] {
    return [...this.#subs.keys()];
  }

  /** The topics of a channel, undefined when nobody listens to it any more. */
  topics(channel: Channel): string[] | undefined {
    const topics = this.#subs.get(channel);
    return topics ? [...topics.keys()] : undefined;
  }

  /** Number of channels (one server subscription each) and of listeners. */
  count(): { channels: number; listeners: number } {
    let listeners = 0;
    for (const topics of this.#subs.values()) for (const l of topics.values()) listeners += l.size;
    return { channels: this.#subs.size, listeners };
  }

  /**
   * Hands a push to its listeners: one about a market to that market's and to '*', an account-wide
   * one ('' topic) to all. A listener that throws costs neither the others their push nor the socket.
   */
  dispatch(channel: Channel, params: unknown, topic: string, onError: (error: unknown) => void): void {
    const topics = this.#subs.get(channel);
    if (!topics) return;
    const keys = topic ? [topic, '*'] : [...topics.keys()];
    for (const key of keys) {
      const listeners = topics.get(key);
      if (!listeners) continue;
      for (const l of listeners) {
        try {
          l(params as ChannelParams[Channel]);
        } catch (e) {
          onError(e);
        }
      }
    }
  }
}

/** How many pushes (and bytes of them) are held while a reconnect reconciles, at most. */
export const MAX_HELD = { pushes: 10_000, bytes: 16 * 1024 * 1024 } as const;

interface HeldPush {
  readonly channel: Channel;
  readonly params: unknown;
  readonly topic: string;
}

/** The pushes held back while a reconnect reconciles, in arrival order, bounded in count and bytes. */
export class HeldPushes {
  readonly pushes: HeldPush[] = [];
  #bytes = 0;
  readonly #max: { readonly pushes: number; readonly bytes: number };

  constructor(max: { readonly pushes: number; readonly bytes: number } = MAX_HELD) {
    this.#max = max;
  }

  /** Holds a push of `bytes` bytes; false when that is more than may be held. */
  hold(push: HeldPush, bytes: number): boolean {
    this.pushes.push(push);
    this.#bytes += bytes;
    return this.pushes.length <= this.#max.pushes && this.#bytes <= this.#max.bytes;
  }
}
