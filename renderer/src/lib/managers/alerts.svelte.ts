import type { AccountMetric, AlertView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { exponentWords, formatNumber } from '../format/number.ts';
import { settled } from './errors.ts';

/** The words of an account figure, as the Alerts list and its form name it. */
export const METRIC_WORDS: Record<AccountMetric, { label: string; rule: string }> = {
  marginRatio: { label: 'Margin ratio', rule: 'at or above' },
  liquidationDistance: { label: 'Liquidation distance', rule: 'at or below' },
};

/** A level as a person types it ("65,000.5", " 0.5 "), or the words saying what is wrong. */
export function levelProblem(value: string): string | undefined {
  const v = value.trim().replaceAll(',', '');
  if (v === '') return 'Type a level.';
  const exponent = exponentWords(v, 'level');
  if (exponent) return exponent;
  if (!/^\d+(\.\d+)?$/.test(v)) return 'The level is a number such as 65000 or 0.5.';
  if (/^0*(\.0*)?$/.test(v)) return 'The level must be above zero.';
  return undefined;
}

/** "BTC_USDT last price crosses above 65,000 (every time)". */
export function alertWords(alert: AlertView, label: (account: string) => string): string {
  if (alert.kind === 'price')
    return `${alert.market} last price crosses ${alert.direction} ${formatNumber(alert.price)}${alert.repeat ? ' (every time)' : ''}`;
  const who = alert.account === null ? 'Any account' : label(alert.account);
  const m = METRIC_WORDS[alert.metric];
  return `${who}: ${m.label.toLowerCase()} ${m.rule} ${formatNumber(alert.threshold)} %`;
}

/**
 * The alerts main keeps and evaluates: listed, added, re-armed and removed here; main answers the
 * whole list after each change and tells of every firing (`alerts.fired`) with the alert's state after
 * it, which replaces that alert in the list (the list is not read again).
 */
export class AlertsManager {
  alerts = $state<AlertView[]>([]);
  loaded = $state(false);
  error = $state<IpcError | undefined>();
  busy = $state(false);
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** Shows each alert as a firing left it (main sends its state with the event); returns the stop. */
  listen(): () => void {
    return this.#api.on('alerts.fired', ({ alert }) => {
      // an alert removed meanwhile stays removed
      if (this.alerts.some((a) => a.id === alert.id))
        this.alerts = this.alerts.map((a) => (a.id === alert.id ? alert : a));
    });
  }

  async load(): Promise<void> {
    this.#take(await this.#api.alerts.list());
    this.loaded = true;
  }

  addPrice(market: string, direction: 'above' | 'below', price: string, repeat: boolean): Promise<boolean> {
    return this.#change(() => this.#api.alerts.addPrice({ market, direction, price: price.trim(), repeat }));
  }

  addAccount(account: string | null, metric: AccountMetric, threshold: string): Promise<boolean> {
    return this.#change(() => this.#api.alerts.addAccount({ account, metric, threshold: threshold.trim() }));
  }

  rearm(id: string): Promise<boolean> {
    return this.#change(() => this.#api.alerts.rearm({ id }));
  }

  remove(id: string): Promise<boolean> {
    return this.#change(() => this.#api.alerts.remove({ id }));
  }

  async #change(
    call: () => Promise<{ ok: true; value: AlertView[] } | { ok: false; error: IpcError }>,
  ): Promise<boolean> {
    this.busy = true;
    const reply = await call();
    this.busy = false;
    return this.#take(reply);
  }

  #take(reply: { ok: true; value: AlertView[] } | { ok: false; error: IpcError }): boolean {
    if (!settled(reply, (error) => (this.error = error))) return false;
    this.alerts = reply.value;
    return true;
  }
}
