import type { PreferenceStore } from './storage.ts';

export const THEME_KEY = 'txc.theme';
export const themes = ['dark', 'light'] as const;
export type Theme = (typeof themes)[number];

function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light';
}

/** Dark by default, light on request; the choice is remembered. */
export class ThemeManager {
  theme = $state<Theme>('dark');
  readonly #store: PreferenceStore;

  constructor(store: PreferenceStore) {
    this.#store = store;
    const saved = store.getItem(THEME_KEY);
    if (isTheme(saved)) this.theme = saved;
  }

  set(theme: Theme): void {
    this.theme = theme;
    this.#store.setItem(THEME_KEY, theme);
  }

  toggle(): void {
    this.set(this.theme === 'dark' ? 'light' : 'dark');
  }

  /** Puts the theme on the root element as `data-theme` (the stylesheet does the rest). */
  applyTo(root: HTMLElement): void {
    root.dataset.theme = this.theme;
  }
}
