/** The result and payload types of the pre-trade guards' thresholds (plain data). */

/** The thresholds in force ('' = that guard is off). */
export interface GuardSettingsView {
  bandPct: string;
  markets: Record<string, string>;
  notionalCeiling: string;
}

/** One question an order must have acknowledged before it is sent. */
export interface GuardQuestionView {
  guard: 'price_band' | 'notional';
  field: string;
  message: string;
}
