import type { LiveState } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import type { AccountLabels } from './account-labels.svelte.ts';
import { formatCount } from '../format/number.ts';
import { takeEarlyStates } from './early-reads.ts';

/** States in the order the tooltip lists them: trouble first. */
const ORDER: readonly LiveState[] = [
  'stale',
  'connecting',
  'authorizing',
  'reconciling',
  'live',
  'stopped',
  'idle',
];

/** The tooltip's per-account lines are made again at most this often. */
export const TOOLTIP_EVERY_MS = 500;

/** What a socket is, as the status bar counts it: closed ones (idle, or stopped by the app) are left out. */
type Standing = 'stale' | 'reconnecting' | 'opening' | 'live';

/**
 * Each account's WebSocket state from `ws.state`, for the status bar. A desk of 1,000 accounts sends
 * some 4,000 of them as its sockets open: each changes one entry and the counts, and the per-account
 * lines of the tooltip are made again at most every `TOOLTIP_EVERY_MS`.
 */
export class LiveStatesManager {
  readonly labels: AccountLabels;
  readonly #api: TxcApi;
  // Plain, not reactive: what the screen shows of them is `#counts`, kept up to date one change at a time.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #states = new Map<string, LiveState>();
  /** Accounts whose socket has been live since it opened: not live now means it is reconnecting. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #wasLive = new Set<string>();
  #counts = $state<Record<Standing, number>>({ stale: 0, reconnecting: 0, opening: 0, live: 0 });
  /** `details` as of at most `TOOLTIP_EVERY_MS` ago: the status bar's tooltip. */
  tooltip = $state('');
  #tooltipTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(api: TxcApi, labels: AccountLabels) {
    this.#api = api;
    this.labels = labels;
  }

  listen(): () => void {
    const stop = this.#api.on('ws.state', (s) => this.update(s.accountId, s.state));
    // sockets the window's early reads opened before this listened
    for (const [accountId, state] of takeEarlyStates()) this.update(accountId, state);
    return () => {
      stop();
      clearTimeout(this.#tooltipTimer);
      this.#tooltipTimer = undefined;
    };
  }

  /** How the status bar counts an account's socket; undefined for a closed one. */
  #standing(account: string): Standing | undefined {
    const state = this.#states.get(account);
    if (state === undefined || state === 'idle' || state === 'stopped') return undefined;
    if (state === 'live') return 'live';
    // Its data may have missed a change until it has read the account again: never counted as live.
    if (state === 'stale') return 'stale';
    return this.#wasLive.has(account) ? 'reconnecting' : 'opening';
  }

  update(accountId: string, state: LiveState): void {
    const before = this.#standing(accountId);
    this.#states.set(accountId, state);
    if (state === 'live') this.#wasLive.add(accountId);
    else if (state === 'idle' || state === 'stopped') this.#wasLive.delete(accountId);
    const after = this.#standing(accountId);
    if (before !== after) {
      const counts = { ...this.#counts };
      if (before) counts[before]--;
      if (after) counts[after]++;
      this.#counts = counts;
    }
    this.#tooltipTimer ??= setTimeout(() => {
      this.#tooltipTimer = undefined;
      this.tooltip = this.details;
    }, TOOLTIP_EVERY_MS);
    void this.labels.ensure([accountId]);
  }

  /**
   * "1 stale · 1 reconnecting · 700 opening · 305 live": a socket that was live and is not is reconnecting, one
   * not live yet since it was asked for is opening; closed ones are left out; empty when none is open.
   */
  get summary(): string {
    return Object.entries(this.#counts)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${formatCount(n)} ${s}`)
      .join(' · ');
  }

  /** One line per account, trouble first. */
  get details(): string {
    return [...this.#states]
      .sort(([, a], [, b]) => ORDER.indexOf(a) - ORDER.indexOf(b))
      .map(([id, state]) => `${this.labels.label(id)}: ${state}`)
      .join('\n');
  }

  /**
   * True when a socket that was live is not, or one's data is stale (the status bar's warning cue);
   * first openings are not trouble.
   */
  get troubled(): boolean {
    return this.#counts.reconnecting > 0 || this.#counts.stale > 0;
  }
}
