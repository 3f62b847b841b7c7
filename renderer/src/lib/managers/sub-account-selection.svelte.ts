/**
 * The sub-accounts chosen on the Sub-accounts screen (by registry id), which sweeps and key-permission
 * changes work on. A change of the choice makes every preview made for the old one stale (`onChange`).
 */
export class SubAccountSelection {
  ids = $state<string[]>([]);
  /** `ids` to look up (a fresh set for each choice, never changed in place). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #set = $derived(new Set(this.ids));
  readonly #onChange: () => void;

  constructor(onChange: () => void = () => undefined) {
    this.#onChange = onChange;
  }

  has(id: string): boolean {
    return this.#set.has(id);
  }

  /** Chooses (or lets go of) these sub-accounts, the others as they were. */
  set(ids: readonly string[], on: boolean): void {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup for this call, not state
    const picked = new Set(ids);
    const others = this.ids.filter((id) => !picked.has(id));
    this.ids = on ? [...others, ...picked] : others;
    this.#onChange();
  }

  /** Keeps only the chosen accounts still registered (after the list was read again). */
  keep(registered: ReadonlySet<string>): void {
    this.ids = this.ids.filter((id) => registered.has(id));
  }
}
