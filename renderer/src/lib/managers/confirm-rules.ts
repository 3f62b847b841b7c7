/** The move of the older confirmation thresholds to main, which asks the questions now. */
import type { TxcApi } from '../api.ts';
import type { PreferenceStore } from './storage.ts';

// ---- thresholds kept by an older version -----------------------------------------------------

/** Where an older version kept its confirmation thresholds in the window's storage. */
export const CONFIRM_KEY = 'txc.trade.confirm';

/**
 * Moves the thresholds an older version kept in the window's storage to main's guard settings, once:
 * a distance becomes the price band, a notional the order value ceiling (main confirms a loosening).
 */
export async function migrateThresholds(api: TxcApi, store: PreferenceStore): Promise<void> {
  const raw = store.getItem(CONFIRM_KEY);
  if (raw === null) return;
  let o: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null) o = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: nothing to move.
  }
  const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
  const changes = {
    ...(text(o['distancePct']) ? { bandPct: text(o['distancePct']) } : {}),
    ...(text(o['notional']) ? { notionalCeiling: text(o['notional']) } : {}),
  };
  if (Object.keys(changes).length > 0) {
    const reply = await api.guards.configure(changes);
    // Kept for the next start only when main could not answer; a refused value is dropped.
    if (!reply.ok && reply.error.code === 'internal') return;
  }
  store.removeItem(CONFIRM_KEY);
}
