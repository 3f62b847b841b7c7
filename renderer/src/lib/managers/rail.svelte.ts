/** Whether the left rail shows its sections' labels or only their icons; remembered per profile. */
import type { PreferenceStore } from './storage.ts';

export const RAIL_KEY = 'txc.rail';

export class RailState {
  /** True: icons only, each section's name in its tooltip and its accessible name. */
  collapsed = $state(false);
  readonly #store: PreferenceStore;

  constructor(store: PreferenceStore) {
    this.#store = store;
    this.collapsed = store.getItem(RAIL_KEY) === 'icons';
  }

  toggle(): void {
    this.collapsed = !this.collapsed;
    this.#store.setItem(RAIL_KEY, this.collapsed ? 'icons' : 'labels');
  }
}
