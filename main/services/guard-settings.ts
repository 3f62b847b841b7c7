/**
 * The pre-trade guards' thresholds of a profile, kept by main in `order-guards.json`: the price band
 * (default 5 %), per-market bands, the order value ceilings (a fixed USDT value, off by default,
 * and a share of the account's equity, 25 % by default) and the velocity budget (what one account's
 * orders add in a minute: a USDT value, off by default, and 50 % of its equity). Tightening takes
 * effect at once;
 * loosening (a wider band, a higher ceiling, a guard turned off) is confirmed in main's native dialog,
 * so no script in the renderer can quietly switch the questions off. On a team desk the guards are the
 * desk's: only an admin changes them, looser ones through another admin's approval (`useTeam`), and a
 * teammate's guards are taken only once they pass the same checks as typed ones (`replace`).
 */
import { readFileSync } from 'node:fs';
import { guardSettingsInput } from '../views/guards.ts';
import type { ProposedView } from '../views/approvals.ts';
import type { GuardSettingsView, GuardsConfiguredView } from '../views/guards.ts';
import { UserFacingError } from '../errors.ts';
import { writeJsonFile } from '../json-file.ts';
import type { Logger } from '../log.ts';
import type { Platform } from '../platform.ts';
import { asksLess, guardChanges, type GuardChange } from '../rules/guard-changes.ts';
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

/** The guards as a teammate's app shares them: the fields `guards.configure` takes, checked as typed. */
const teamSettings = guardSettingsInput;

/**
 * On a team desk: a change of the desk's guards that asks less than the desk's (`asksLess`) is not
 * made here but proposed, for another admin to approve (`Approvals.proposeGuards`); answers the
 * proposal.
 */
export type GuardLoosening = (
  before: GuardSettingsView,
  next: GuardSettingsView,
  changes: GuardChange[],
) => Promise<ProposedView>;

export class GuardSettingsStore {
  readonly #file: string;
  readonly #platform: Platform;
  #current: GuardSettings;
  readonly #listeners = new Set<() => void>();
  #team: { check: () => void; loosening: GuardLoosening } | undefined;

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
   * On a team desk: `check` refuses (throws) while this operator's part does not cover changing the
   * desk's guards, and `loosening` proposes a change that asks less (undefined: working alone).
   */
  useTeam(team: { check: () => void; loosening: GuardLoosening } | undefined): void {
    this.#team = team;
  }

  /**
   * Takes the desk's guards as the team store has them (a teammate changed them), checked as if typed
   * here: the fields `guards.configure` takes, each value by the same rules. Settings that do not
   * pass are refused (thrown, in words) and the guards in force stay as they are.
   */
  replace(settings: unknown): void {
    const parsed = teamSettings.safeParse(settings);
    if (!parsed.success)
      throw new UserFacingError('invalid_input', 'they are not order guards this app can read');
    const markets: Record<string, string | null> = {};
    for (const name of Object.keys(this.#current.markets)) markets[name] = null;
    Object.assign(markets, parsed.data.markets ?? {});
    const next = this.#next({ ...parsed.data, markets });
    writeJsonFile(this.#file, next);
    this.#current = next;
  }

  /** The guards `changes` make of the ones in force, each value checked; throws the first refusal. */
  #next(changes: GuardChanges): GuardSettings {
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
    return next;
  }

  /**
   * Applies the changes (each checked), confirming natively any that loosens a guard, and saves. On a
   * team desk, a change that asks less is proposed instead (`useTeam`): answered with `proposed`.
   */
  async configure(changes: GuardChanges): Promise<GuardsConfiguredView> {
    this.#team?.check();
    const before = this.#current;
    const next = this.#next(changes);
    const moved = guardChanges(before, next);
    if (this.#team && asksLess(before, next)) {
      const proposed = await this.#team.loosening(
        this.view(),
        { ...next, markets: { ...next.markets } },
        moved,
      );
      return { ...this.view(), proposed };
    }
    const loosened = moved.filter((c) => c.looser).map(({ label, value }) => ({ label, value }));
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
