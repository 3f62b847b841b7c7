import type { KillSwitchView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { settled } from './errors.ts';

/** The timeouts the exchange takes, in seconds. */
export const KILL_SWITCH_MIN_S = 5;
export const KILL_SWITCH_MAX_S = 600;

/** "1:05" for 65 s; "0:00" once it is due. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60))}:${String(s % 60).padStart(2, '0')}`;
}

/** The refusal of a typed timeout, in words; undefined when the exchange takes it. */
export function timeoutProblem(text: string): string | undefined {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return 'Type whole seconds, for example 60.';
  const n = Number(t);
  if (n < KILL_SWITCH_MIN_S || n > KILL_SWITCH_MAX_S)
    return `Type between ${String(KILL_SWITCH_MIN_S)} and ${String(KILL_SWITCH_MAX_S)} seconds.`;
  return undefined;
}

/** The order types a kill switch may cancel (the exchange's `types`). */
export const KILL_SWITCH_TYPES = ['spot', 'margin', 'futures'] as const;
export type KillSwitchType = (typeof KILL_SWITCH_TYPES)[number];

/** "spot and margin orders"; every type: "every order". */
export function typesWords(types: readonly KillSwitchType[] | null): string {
  return !types || types.length === KILL_SWITCH_TYPES.length
    ? 'every order'
    : `every ${types.join(' and ')} order`;
}

/**
 * The kill switch of one account's market: armed (main asks first), its countdown to the moment the
 * exchange cancels every order of the market, re-armed or disarmed. The exchange keeps the timer; this
 * reads it on follow and counts down on the screen.
 */
export class KillSwitchTimer {
  timer = $state<KillSwitchView | undefined>();
  timeout = $state('60');
  /** The order types it cancels: all by default. */
  types = $state<KillSwitchType[]>([...KILL_SWITCH_TYPES]);
  busy = $state(false);
  error = $state<IpcError | undefined>();
  /** Milliseconds until the exchange cancels (while armed). */
  remainingMs = $state(0);
  /** The last timer ran out: the exchange cancelled the market's orders. */
  fired = $state(false);
  account = '';
  market = '';
  readonly #api: TxcApi;
  readonly #now: () => number;
  #tick: ReturnType<typeof setInterval> | undefined;

  constructor(api: TxcApi, now: () => number = Date.now) {
    this.#api = api;
    this.#now = now;
  }

  get problem(): string | undefined {
    return (
      timeoutProblem(this.timeout) ??
      (this.types.length === 0 ? 'Choose at least one order type to cancel.' : undefined)
    );
  }

  /** Turns one order type on or off. */
  choose(type: KillSwitchType, on: boolean): void {
    const others = this.types.filter((t) => t !== type);
    this.types = KILL_SWITCH_TYPES.filter((t) => others.includes(t) || (on && t === type));
  }

  async follow(account: string, market: string): Promise<void> {
    this.account = account;
    this.market = market;
    this.error = undefined;
    this.fired = false;
    this.#set(undefined);
    if (!account || !market) return;
    const reply = await this.#api.orders.killSwitches({ accountId: account, market });
    if (account !== this.account || market !== this.market) return;
    if (reply.ok) this.#set(reply.value.find((t) => t.market === market));
    else this.error = reply.error;
  }

  /** Arms (or re-arms) it for the typed seconds; main asks first. Declined, nothing changes. */
  async arm(): Promise<void> {
    if (this.problem || !this.account || !this.market) return;
    this.busy = true;
    const reply = await this.#api.orders.killSwitchArm({
      accountId: this.account,
      market: this.market,
      timeout: Number(this.timeout.trim()),
      ...(this.types.length < KILL_SWITCH_TYPES.length ? { types: [...this.types] } : {}),
    });
    this.busy = false;
    if (!reply.ok) {
      this.error = reply.error.code === 'not_confirmed' ? undefined : reply.error;
      return;
    }
    this.error = undefined;
    this.fired = false;
    this.#set(reply.value);
  }

  async disarm(): Promise<void> {
    if (!this.account || !this.market) return;
    this.busy = true;
    const reply = await this.#api.orders.killSwitchDisarm({ accountId: this.account, market: this.market });
    this.busy = false;
    if (!settled(reply, (error) => (this.error = error))) return;
    this.#set(undefined);
  }

  /** Moves the countdown; at zero the timer is gone (the exchange cancelled the orders). */
  tick(): void {
    const t = this.timer;
    if (!t) return;
    this.remainingMs = Math.max(0, t.cancellationTime * 1000 - this.#now());
    if (this.remainingMs === 0) {
      this.fired = true;
      this.#set(undefined);
    }
  }

  stop(): void {
    this.#set(undefined);
  }

  #set(timer: KillSwitchView | undefined): void {
    this.timer = timer;
    if (this.#tick) clearInterval(this.#tick);
    this.#tick = undefined;
    if (!timer) return;
    this.tick();
    if (this.timer) this.#tick = setInterval(() => this.tick(), 250);
  }
}
