/**
 * One socket's subscriptions at the server: one per channel, however many listeners. A channel's
 * frames go out in call order, each made from the topics current when it is sent, and only while the
 * socket may subscribe (authorized); after each (re)connect every channel is sent again.
 */
import { subscribeFrames, type Channel } from './channels.ts';
import { ChannelListeners, type Listener } from './listeners.ts';

/** The socket the subscriptions go out on. */
export interface SubscriptionLink {
  /** One request on the socket (answered or refused). */
  request(method: string, params: unknown[]): Promise<unknown>;
  /** Whether a subscription frame may go out now (open and authorized). */
  ready(): boolean;
  /** Told of a subscription frame that failed (the socket's own recovery handles it). */
  onError(error: unknown): void;
}

export class ServerSubscriptions {
  readonly #listeners = new ChannelListeners();
  /** The last frame queued per channel: the next waits for it. */
  readonly #sending = new Map<Channel, Promise<void>>();
  readonly #link: SubscriptionLink;

  constructor(link: SubscriptionLink) {
    this.#link = link;
  }

  /** Listens to a channel, for one market/ticker or '*' (all). Returns the function that stops it. */
  add<C extends Channel>(channel: C, topic: string, listener: Listener<C>): () => void {
    const { changed, remove } = this.#listeners.add(channel, topic, listener);
    if (changed) void this.#send(channel);
    return () => {
      if (remove()) void this.#send(channel);
    };
  }

  /** Number of server subscriptions (one per channel) and of listeners. */
  count(): { channels: number; listeners: number } {
    return this.#listeners.count();
  }

  /** Sends every channel listened to again (a new connection has none). */
  resendAll(): Promise<void> {
    return Promise.all(this.#listeners.channels().map((c) => this.#send(c))).then(() => undefined);
  }

  /** Hands a push to its listeners (see `ChannelListeners.dispatch`). */
  dispatch(channel: Channel, params: unknown, topic: string, onError: (error: unknown) => void): void {
    this.#listeners.dispatch(channel, params, topic, onError);
  }

  /** Sends the channel's current topic set (or unsubscribes it); only while the socket is ready. */
  #send(channel: Channel): Promise<void> {
    const previous = this.#sending.get(channel) ?? Promise.resolve();
    const next = previous.then(() => this.#sendNow(channel));
    this.#sending.set(channel, next);
    void next.then(() => {
      if (this.#sending.get(channel) === next) this.#sending.delete(channel);
    });
    return next;
  }

  async #sendNow(channel: Channel): Promise<void> {
    if (!this.#link.ready()) return;
    const topics = this.#listeners.topics(channel);
    try {
      if (!topics) {
        await this.#link.request(`${channel}_unsubscribe`, []);
        return;
      }
      for (const params of subscribeFrames(channel, topics))
        await this.#link.request(`${channel}_subscribe`, params);
    } catch (e) {
      this.#link.onError(e);
    }
  }
}
