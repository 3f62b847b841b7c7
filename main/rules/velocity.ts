/**
 * The velocity budget: how much order value one account sends in one minute before main asks, so a
 * stream of orders each inside the value ceiling cannot walk past it. The budget is the lower of a
 * fixed USDT value per minute and a share of the account's equity; each order (and each change that
 * adds value to a resting order) counts what it adds, in USDT, for the 60 s after it was sent.
 * Pure: the sent values and the time are given.
 */
import { Dec, parsePlain } from './decimal.ts';

/** The window the budget is counted over. */
export const VELOCITY_WINDOW_MS = 60_000;

/** One order's value, counted from `at` (ms) for the window. */
export interface SentValue {
  readonly at: number;
  readonly usdt: Dec;
}

/** What the budget is set to, as typed: '' turns that part off. */
export interface VelocitySettings {
  /** Largest order value per minute in USDT sent without a question. */
  readonly velocityCeiling: string;
  /** Largest order value per minute as a share of the account's equity, in percent. */
  readonly velocityPct: string;
}

/** The values still counted at `at` (sent within the window before it). */
export function inWindow(sent: readonly SentValue[], at: number): SentValue[] {
  return sent.filter((s) => at - s.at < VELOCITY_WINDOW_MS && s.at <= at);
}

/** What the account sent within the window before `at`. */
export function sentWithin(sent: readonly SentValue[], at: number): Dec {
  return inWindow(sent, at).reduce((sum, s) => sum.add(s.usdt), new Dec(0));
}

/** The budget in force, each limit in words; `equity` null: unread (that part cannot be held). */
export function velocityLimits(
  settings: VelocitySettings,
  equity: Dec | null | undefined,
): { limits: Array<{ most: Dec; words: string }>; unread?: string } {
  const ceiling = settings.velocityCeiling.trim() ? parsePlain(settings.velocityCeiling.trim()) : undefined;
  const share = settings.velocityPct.trim() ? parsePlain(settings.velocityPct.trim()) : undefined;
  const limits: Array<{ most: Dec; words: string }> = [];
  if (ceiling) limits.push({ most: ceiling, words: `your budget of ${ceiling.toFixed()} USDT a minute` });
  if (share && equity) {
    const most = Dec.max(equity.mul(share).div(100), 0);
    limits.push({ most, words: `${share.toFixed()}% of this account's equity a minute` });
  }
  return share && equity === null
    ? { limits, unread: `${share.toFixed()}% of this account's equity a minute` }
    : { limits };
}

/** The limits an order adding `adds` passes, after `recent` was sent within the window. */
export function limitsPassed(
  adds: Dec,
  recent: Dec,
  settings: VelocitySettings,
  equity: Dec | null | undefined,
): { passed: Array<{ most: Dec; words: string }>; unread?: string } {
  if (adds.lte(0)) return { passed: [] };
  const { limits, unread } = velocityLimits(settings, equity);
  const total = recent.add(adds);
  return { passed: limits.filter((l) => total.gt(l.most)), ...(unread ? { unread } : {}) };
}
