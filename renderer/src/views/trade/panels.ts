/** The trading workspace's panel sizes (rem): ticket and book widths, dock height; remembered per profile. */
import { readJson, type PreferenceStore } from '../../lib/managers/storage.ts';

export const PANELS_KEY = 'txc.trade.panels';

export interface PanelSizes {
  ticket: number;
  depth: number;
  dock: number;
}

export const panelLimits: Record<keyof PanelSizes, { min: number; max: number; initial: number }> = {
  ticket: { min: 18, max: 36, initial: 20 },
  depth: { min: 18, max: 40, initial: 22 },
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
    dock: clamp('dock', saved['dock']),
  };
}

export function savePanels(store: PreferenceStore, sizes: PanelSizes): void {
  store.setItem(PANELS_KEY, JSON.stringify(sizes));
}
