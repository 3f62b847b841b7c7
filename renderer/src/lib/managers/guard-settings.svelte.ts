import type { GuardSettingsView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';

/** One per-market band as typed in Settings. */
export interface MarketBand {
  market: string;
  pct: string;
}

/**
 * The pre-trade guards' thresholds main keeps (price band, per-market bands, order value ceilings,
 * the velocity budget per minute): read, edited here, and saved together; main asks natively before
 * loosening one (on a team desk, looser guards are proposed for another admin's approval instead).
 */
export class GuardSettingsManager {
  inForce = $state<GuardSettingsView | undefined>();
  bandPct = $state('');
  notionalCeiling = $state('');
  equityPct = $state('');
  velocityCeiling = $state('');
  velocityPct = $state('');
  markets = $state<MarketBand[]>([]);
  error = $state<IpcError | undefined>();
  saving = $state(false);
  saved = $state(false);
  /** On a team desk: looser guards were proposed for another admin's approval (nothing changed yet). */
  proposed = $state<string | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  #show(view: GuardSettingsView): void {
    this.inForce = view;
    this.bandPct = view.bandPct;
    this.notionalCeiling = view.notionalCeiling;
    this.equityPct = view.equityPct;
    this.velocityCeiling = view.velocityCeiling;
    this.velocityPct = view.velocityPct;
    this.markets = Object.entries(view.markets).map(([market, pct]) => ({ market, pct }));
  }

  async load(): Promise<void> {
    const reply = await this.#api.guards.settings();
    if (reply.ok) {
      this.#show(reply.value);
      this.error = undefined;
    } else this.error = reply.error;
  }

  addMarket(): void {
    this.markets = [...this.markets, { market: '', pct: '' }];
    this.saved = false;
  }

  removeMarket(index: number): void {
    this.markets = this.markets.filter((_, i) => i !== index);
    this.saved = false;
  }

  setMarket(index: number, patch: Partial<MarketBand>): void {
    this.markets = this.markets.map((m, i) => (i === index ? { ...m, ...patch } : m));
    this.saved = false;
  }

  async save(): Promise<void> {
    const before = this.inForce?.markets ?? {};
    const markets: Record<string, string | null> = {};
    for (const name of Object.keys(before)) markets[name] = null;
    for (const m of this.markets) if (m.market.trim()) markets[m.market.trim().toUpperCase()] = m.pct.trim();
    this.saving = true;
    const reply = await this.#api.guards.configure({
      bandPct: this.bandPct.trim(),
      notionalCeiling: this.notionalCeiling.trim(),
      equityPct: this.equityPct.trim(),
      velocityCeiling: this.velocityCeiling.trim(),
      velocityPct: this.velocityPct.trim(),
      markets,
    });
    this.saving = false;
    if (!reply.ok) {
      this.error = reply.error;
      this.saved = false;
      return;
    }
    this.error = undefined;
    const proposal = reply.value.proposed?.proposed[0];
    this.proposed = proposal
      ? `Proposed: "${proposal.title}" waits in Approvals for another admin; the guards in force stay until it is sent.`
      : undefined;
    this.saved = proposal === undefined;
    this.#show(reply.value);
  }
}

/** What the guards do now, in one sentence. */
export function describeGuards(g: GuardSettingsView | undefined): string {
  if (!g) return '';
  const overrides = Object.entries(g.markets).map(([m, p]) => (p ? `${p} % on ${m}` : `none on ${m}`));
  const band = g.bandPct
    ? `priced more than ${g.bandPct} % from the market price${overrides.length ? ` (${overrides.join(', ')})` : ''}`
    : overrides.some((o) => !o.startsWith('none'))
      ? `priced beyond the band of its market (${overrides.join(', ')})`
      : '';
  const value = g.notionalCeiling ? `worth more than ${g.notionalCeiling} USDT` : '';
  const share = g.equityPct ? `worth more than ${g.equityPct} % of its account's equity` : '';
  const parts = [band, value, share].filter(Boolean);
  const ask = parts.length
    ? `Every order ${parts.join(' or ')} asks first, in the app's own window.`
    : 'No order asks first: the price band and the value ceilings are off.';
  const perMinute = [
    g.velocityCeiling ? `${g.velocityCeiling} USDT` : '',
    g.velocityPct ? `${g.velocityPct} % of its equity` : '',
  ].filter(Boolean);
  const velocity = perMinute.length
    ? ` The order that takes an account's orders of the last minute past ${perMinute.join(' or ')} asks too, however small it is.`
    : '';
  return `${ask}${velocity} So does a market order larger than the book the app reads, or one that would turn a position around. An amount above the available balance is always refused before it is sent.`;
}
