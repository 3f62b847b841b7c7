import { isSectionId, sectionIds, type SectionId } from './sections.ts';
import type { PreferenceStore } from './storage.ts';

export const ROUTE_KEY = 'txc.route';
/** The home screen: the desk board. */
export const HOME: SectionId = 'board';

/** Reads `#/history` (or `#history`) as a section; anything else is not a route. */
export function sectionFromHash(hash: string): SectionId | undefined {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0];
  return isSectionId(id) ? id : undefined;
}

export function hashFor(id: SectionId): string {
  return `#/${id}`;
}

/** The section the window opens on: the address hash's, else the one last shown, else home. */
export function openingSection(store: PreferenceStore, hash: string): SectionId {
  const remembered = store.getItem(ROUTE_KEY);
  return sectionFromHash(hash) ?? (isSectionId(remembered) ? remembered : HOME);
}

/**
 * Which section the workspace shows. The address hash is the source of truth while the app runs; the
 * last section is remembered so the app reopens where the user left it.
 */
export class Router {
  current = $state<SectionId>(HOME);
  readonly #store: PreferenceStore;

  constructor(store: PreferenceStore, hash = '') {
    this.#store = store;
    this.current = openingSection(store, hash);
    this.#remember();
  }

  /** Shows a section; returns false (changing nothing) for an unknown one. */
  go(id: string): boolean {
    if (!isSectionId(id)) return false;
    this.current = id;
    this.#remember();
    return true;
  }

  /** Follows a changed address hash; unknown hashes are ignored. */
  followHash(hash: string): void {
    const id = sectionFromHash(hash);
    if (id) this.go(id);
  }

  /** The section `step` places away in rail order, wrapping around. */
  neighbour(step: number): SectionId {
    const i = sectionIds.indexOf(this.current);
    const n = sectionIds.length;
    return sectionIds[(((i + step) % n) + n) % n] ?? HOME;
  }

  get hash(): string {
    return hashFor(this.current);
  }

  #remember(): void {
    this.#store.setItem(ROUTE_KEY, this.current);
  }
}

/** Keeps a router and the window's address hash in step; returns a function that stops it. */
export function bindRouterToWindow(router: Router, win: Window): () => void {
  const onHash = (): void => router.followHash(win.location.hash);
  win.addEventListener('hashchange', onHash);
  if (win.location.hash !== router.hash) win.history.replaceState(null, '', router.hash);
  return () => win.removeEventListener('hashchange', onHash);
}
