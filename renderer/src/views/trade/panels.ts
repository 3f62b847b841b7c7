/**
 * The trading workspace's panel sizes (rem): ticket and book widths, the last trades' and the dock's
 * heights; remembered per profile.
 */
import { readJson, type PreferenceStore } from '../../lib/managers/storage.ts';

export const PANELS_KEY = 'txc.trade.panels';

export interface PanelSizes {
  ticket: number;
  depth: number;
  /** The last trades under the chart: the chart takes the rest of the column. */
  trades: number;
  dock: number;
}

export const panelLimits: Record<keyof PanelSizes, { min: number; max: number; initial: number }> = {
  ticket: { min: 18, max: 36, initial: 20 },
  depth: { min: 18, max: 40, initial: 22 },
  // Initially the heading and the eight latest trades (at 1280x800 the chart keeps the rest).
  trades: { min: 6, max: 40, initial: 13 },
  dock: { min: 8, max: 48, initial: 9.5 },
};

function clamp(key: keyof PanelSizes, v: unknown): number {
  const { min, max, initial } = panelLimits[key];
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : initial;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function readPanels(store: PreferenceStore): PanelSizes {
  const saved = readJson(store, PANELS_KEY, isObject) ?? {};
  return {
    ticket: clamp('ticket', saved['ticket']),
    depth: clamp('depth', saved['depth']),
    trades: clamp('trades', saved['trades']),
    dock: clamp('dock', saved['dock']),
  };
}

export function savePanels(store: PreferenceStore, sizes: PanelSizes): void {
  store.setItem(PANELS_KEY, JSON.stringify(sizes));
}
