/** The result and payload types of the pre-trade guards' thresholds (plain data). */
import { z } from 'zod';
import type { ProposedView } from './approvals.ts';

/** The thresholds in force ('' = that guard is off). */
export interface GuardSettingsView {
  bandPct: string;
  markets: Record<string, string>;
  /** Largest order value in USDT sent without a question. */
  notionalCeiling: string;
  /** Largest order value as a share (percent) of the account's equity in USDT. */
  equityPct: string;
  /** Largest value of an account's orders in one minute, in USDT ('' = off). */
  velocityCeiling: string;
  /** Largest value of an account's orders in one minute as a share (percent) of its equity. */
  velocityPct: string;
}

/**
 * What `guards.configure` answers: the thresholds in force, and on a team desk, when the change asks
 * less than the desk's guards, the proposal another admin approves first (nothing changed yet).
 */
export type GuardsConfiguredView = GuardSettingsView & { proposed?: ProposedView };

/** One question main asks in its own dialog before the order is sent. */
export interface GuardQuestionView {
  guard: 'price_band' | 'notional' | 'depth' | 'reverse' | 'velocity';
  field: string;
  message: string;
}

/** A threshold as typed: a plain decimal, or '' for off. */
const threshold = z.string().trim().max(20);

/** The guard thresholds as `guards.configure` takes them, and as a teammate's shared settings are read. */
export const guardSettingsInput = z.strictObject({
  bandPct: threshold.optional(),
  notionalCeiling: threshold.optional(),
  equityPct: threshold.optional(),
  velocityCeiling: threshold.optional(),
  velocityPct: threshold.optional(),
  /** Market -> band percent ('' = no band on that market); null removes the market's own band. */
  markets: z
    .record(
      z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/, 'must be a market such as BTC_USDT'),
      threshold.nullable(),
    )
    .optional(),
});
