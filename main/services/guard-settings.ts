/**
 * The pre-trade guards' thresholds of a profile, kept by main in `order-guards.json`: the price band
 * (default 5 %), per-market bands, the order value ceilings (a fixed USDT value, off by default,
 * and a share of the account's equity, 25 % by default) and the velocity budget (what one account's
 * orders add in a minute: a USDT value, off by default, and 50 % of its equity). Tightening takes effect at once;
 * loosening (a wider band, a higher ceiling, a guard turned off) is confirmed in main's native dialog,
 * so no script in the renderer can quietly switch the questions off.
 */
import { readFileSync } from 'node:fs';
import type { GuardSettingsView } from '../ipc/contract.ts';
import { UserFacingError } from '../errors.ts';
import { writeJsonFile } from '../json-file.ts';
import type { Logger } from '../log.ts';
import type { Platform } from '../platform.ts';
import { parsePlain } from '../rules/decimal.ts';
import { DEFAULT_GUARDS, thresholdProblem, type GuardSettings } from '../rules/guards.ts';
import { requireConfirmation } from './confirm.ts';

export interface GuardChanges {
  bandPct?: string | undefined;
  notionalCeiling?: string | undefined;
  equityPct?: string | undefined;
  velocityCeiling?: string | undefined;
  velocityPct?: string | undefined;
  markets?: Record<string, string | null> | undefined;
}

function usable(kind: 'band' | 'notional' | 'equity', value: unknown): value is string {
  return typeof value === 'string' && thresholdProblem(kind, value) === undefined;
}

function read(file: string, log: Logger): GuardSettings {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    return DEFAULT_GUARDS;
  }
  try {
    const o = JSON.parse(raw) as Record<string, unknown>;
    const markets: Record<string, string> = {};
    const own = typeof o['markets'] === 'object' && o['markets'] !== null ? o['markets'] : {};
    for (const [name, v] of Object.entries(own)) if (usable('band', v)) markets[name] = v.trim();
    return {
      bandPct: usable('band', o['bandPct']) ? o['bandPct'].trim() : DEFAULT_GUARDS.bandPct,
      notionalCeiling: usable('notional', o['notionalCeiling'])
        ? o['notionalCeiling'].trim()
        : DEFAULT_GUARDS.notionalCeiling,
      equityPct: usable('equity', o['equityPct']) ? o['equityPct'].trim() : DEFAULT_GUARDS.equityPct,
      velocityCeiling: usable('notional', o['velocityCeiling'])
        ? o['velocityCeiling'].trim()
        : DEFAULT_GUARDS.velocityCeiling,
      velocityPct: usable('equity', o['velocityPct']) ? o['velocityPct'].trim() : DEFAULT_GUARDS.velocityPct,
      markets,
    };
  } catch (error) {
    log.log('warn', `order guard settings in ${file} are unreadable; using the defaults`, error);
    return DEFAULT_GUARDS;
  }
}

/** True when `next` asks less often than `before` ('' = off = never asks). */
function looser(before: string, next: string): boolean {
  if (before === next) return false;
  if (next === '') return true;
  if (before === '') return false;
  return (parsePlain(next) ?? parsePlain(before))?.gt(parsePlain(before) ?? 0) ?? false;
}

const shown = (value: string, unit: string): string => (value === '' ? 'off' : `${value}${unit}`);

export class GuardSettingsStore {
  readonly #file: string;
  readonly #platform: Platform;
  #current: GuardSettings;
  readonly #listeners = new Set<() => void>();

  constructor(file: string, platform: Platform, log: Logger) {
    this.#file = file;
    this.#platform = platform;
    this.#current = read(file, log);
  }

  get current(): GuardSettings {
    return this.#current;
  }

  view(): GuardSettingsView {
    return { ...this.#current, markets: { ...this.#current.markets } };
  }

  /** Hears each change an operator made here (not `replace`). */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Takes the desk's guards as the team store has them (a teammate changed them, confirming a
   * loosening in their own app); a value that does not pass the checks is refused and logged.
   */
  replace(shared: Partial<GuardSettings> & Pick<GuardSettings, 'bandPct' | 'markets'>): void {
    // a desk's guards written before the velocity budget existed keep its defaults
    const settings: GuardSettings = {
      ...shared,
      notionalCeiling: shared.notionalCeiling ?? DEFAULT_GUARDS.notionalCeiling,
      equityPct: shared.equityPct ?? DEFAULT_GUARDS.equityPct,
      velocityCeiling: shared.velocityCeiling ?? DEFAULT_GUARDS.velocityCeiling,
      velocityPct: shared.velocityPct ?? DEFAULT_GUARDS.velocityPct,
    };
    const bad = [
      thresholdProblem('band', settings.bandPct),
      thresholdProblem('notional', settings.notionalCeiling),
      thresholdProblem('notional', settings.velocityCeiling),
      thresholdProblem('equity', settings.velocityPct),
      ...Object.values(settings.markets).map((v) => thresholdProblem('band', v)),
    ].find((p) => p !== undefined);
    if (bad) throw new UserFacingError('invalid_input', bad);
    writeJsonFile(this.#file, settings);
    this.#current = { ...settings, markets: { ...settings.markets } };
  }

  /** Applies the changes (each checked), confirming natively any that loosens a guard, and saves. */
  async configure(changes: GuardChanges): Promise<GuardSettingsView> {
    const before = this.#current;
    const edits = changes.markets ?? {};
    const kept = Object.entries(before.markets).filter(([name]) => !(name in edits));
    const added = Object.entries(edits).flatMap(([name, v]) =>
      v === null ? [] : [[name, v.trim()] as const],
    );
    const markets: Record<string, string> = Object.fromEntries([...kept, ...added]);
    const next: GuardSettings = {
      bandPct: changes.bandPct?.trim() ?? before.bandPct,
      notionalCeiling: changes.notionalCeiling?.trim() ?? before.notionalCeiling,
      equityPct: changes.equityPct?.trim() ?? before.equityPct,
      velocityCeiling: changes.velocityCeiling?.trim() ?? before.velocityCeiling,
      velocityPct: changes.velocityPct?.trim() ?? before.velocityPct,
      markets,
    };
    const problems: Array<[string, string | undefined]> = [
      ['bandPct', thresholdProblem('band', next.bandPct)],
      ['notionalCeiling', thresholdProblem('notional', next.notionalCeiling)],
      ['equityPct', thresholdProblem('equity', next.equityPct)],
      ['velocityCeiling', thresholdProblem('notional', next.velocityCeiling)],
      ['velocityPct', thresholdProblem('equity', next.velocityPct)],
      ...Object.entries(markets).map(
        ([m, v]) => [`markets.${m}`, thresholdProblem('band', v)] as [string, string | undefined],
      ),
    ];
    const bad = problems.find(([, p]) => p !== undefined);
    if (bad) throw new UserFacingError('invalid_input', bad[1] as string, bad[0]);

    const loosened: Array<{ label: string; value: string }> = [];
    if (looser(before.bandPct, next.bandPct))
      loosened.push({
        label: 'Price band',
        value: `${shown(before.bandPct, ' %')} → ${shown(next.bandPct, ' %')}`,
      });
    if (looser(before.notionalCeiling, next.notionalCeiling))
      loosened.push({
        label: 'Order value ceiling',
        value: `${shown(before.notionalCeiling, ' USDT')} → ${shown(next.notionalCeiling, ' USDT')}`,
      });
    if (looser(before.equityPct, next.equityPct))
      loosened.push({
        label: "Share of the account's equity",
        value: `${shown(before.equityPct, ' %')} → ${shown(next.equityPct, ' %')}`,
      });
    if (looser(before.velocityCeiling, next.velocityCeiling))
      loosened.push({
        label: 'Order value per minute',
        value: `${shown(before.velocityCeiling, ' USDT')} → ${shown(next.velocityCeiling, ' USDT')}`,
      });
    if (looser(before.velocityPct, next.velocityPct))
      loosened.push({
        label: "Share of the account's equity per minute",
        value: `${shown(before.velocityPct, ' %')} → ${shown(next.velocityPct, ' %')}`,
      });
    for (const name of new Set([...Object.keys(before.markets), ...Object.keys(markets)])) {
      const was = before.markets[name] ?? before.bandPct;
      const now = markets[name] ?? next.bandPct;
      if (looser(was, now))
        loosened.push({ label: `Price band on ${name}`, value: `${shown(was, ' %')} → ${shown(now, ' %')}` });
    }
    if (loosened.length > 0)
      await requireConfirmation(this.#platform, {
        title: 'Ask fewer questions before orders are sent?',
        facts: loosened,
        action: 'Loosen the guards',
        warning: 'Orders beyond the old limits will be sent without asking first.',
      });
    writeJsonFile(this.#file, next);
    this.#current = next;
    for (const listener of this.#listeners) listener();
    return this.view();
  }
}
