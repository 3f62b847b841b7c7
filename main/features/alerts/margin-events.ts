/**
 * Margin calls and liquidations as the exchange pushes them (`positionsAccountMargin`): the accounts
 * an account alert watches are followed on that channel, so a margin call reaches the desk the moment
 * the exchange calls it, not at the next reading; and the words a person reads of one.
 */
import type { LiveEvent } from '../../views/live.ts';
import type { Lane } from '../../exchange/ws/pacer.ts';
import type { Logger } from '../../log.ts';
import { Dec } from '../../rules/decimal.ts';
import { grouped } from '../../rules/guards.ts';

/** The part of the live service the margin follow uses. */
export interface MarginStreams {
  subscribe(
    account: string,
    channel: 'positionsAccountMargin',
    topic: string,
    owner?: string,
    lane?: Lane,
  ): string;
  unsubscribe(id: string): boolean;
}

export type MarginEvent = Extract<LiveEvent, { channel: 'positionsAccountMargin' }>;

const shown = (value: string): string => grouped(new Dec(value).toFixed());

/** "long 0.094 BTC_PERP": which position, in words. */
function which(e: MarginEvent): string {
  const p = e.position;
  const short = p.positionSide === 'SHORT' || (p.positionSide !== 'LONG' && p.amount.startsWith('-'));
  return `${short ? 'short' : 'long'} ${shown(p.amount.replace(/^-/, ''))} ${p.market}`;
}

/** The title and message of a margin call or liquidation of an account labelled `label`. */
export function marginEventWords(label: string, e: MarginEvent): { title: string; message: string } {
  if (e.event === 'liquidation')
    return {
      title: `Liquidation on ${label}`,
      message: `${label}: the exchange liquidated the ${which(e)} position`,
    };
  const at = e.position.liquidationPrice;
  return {
    title: `Margin call on ${label}`,
    message: `${label}: margin call on the ${which(e)} position${at ? ` (liquidation at ${shown(at)})` : ''}`,
  };
}

/** Follows `positionsAccountMargin` of a set of accounts, in the background lane. */
export class MarginFollow {
  readonly #live: MarginStreams;
  readonly #log: Logger;
  /** account -> subscription id */
  readonly #streams = new Map<string, string>();

  constructor(live: MarginStreams, log: Logger) {
    this.#live = live;
    this.#log = log;
  }

  /** Follows exactly these accounts (new ones subscribed, others let go). */
  follow(accounts: ReadonlySet<string>): void {
    for (const [account, id] of this.#streams) {
      if (accounts.has(account)) continue;
      this.#live.unsubscribe(id);
      this.#streams.delete(account);
    }
    for (const account of accounts) {
      if (this.#streams.has(account)) continue;
      try {
        const id = this.#live.subscribe(account, 'positionsAccountMargin', '*', undefined, 'background');
        this.#streams.set(account, id);
      } catch (error) {
        this.#log.log(
          'warn',
          `alerts: could not follow the margin calls of ${account}; it is read every minute`,
          error,
        );
      }
    }
  }

  /** How many accounts are followed. */
  get size(): number {
    return this.#streams.size;
  }

  close(): void {
    this.follow(new Set());
  }
}
