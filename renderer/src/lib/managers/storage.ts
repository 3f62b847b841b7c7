/** Where small UI preferences are remembered: localStorage in the app, a Map in unit tests. */
export interface PreferenceStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStore(initial: Record<string, string> = {}): PreferenceStore {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** The page's localStorage, or memory when storage is unavailable (the app still works, forgetting). */
export function browserStore(): PreferenceStore {
  try {
    const storage = globalThis.localStorage;
    if (storage) return storage;
  } catch {
    // Storage can throw when disabled; fall through to memory.
  }
  return memoryStore();
}

/** Reads a JSON preference, falling back when it is missing or unreadable. */
export function readJson<T>(
  store: PreferenceStore,
  key: string,
  valid: (v: unknown) => v is T,
): T | undefined {
  const raw = store.getItem(key);
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
