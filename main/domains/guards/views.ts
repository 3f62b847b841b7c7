/** The result and payload types of the pre-trade guards' thresholds (plain data). */
import type { ProposedView } from '../approvals/views.ts';

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
