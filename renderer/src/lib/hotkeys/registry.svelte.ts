import type { PreferenceStore } from '../managers/storage.ts';
import { chordOf, hasCommandModifier, normalizeChord, type KeyStroke } from './chord.ts';

export const HOTKEYS_KEY = 'txc.hotkeys';

/** Something the user can do from the palette or a hotkey. */
export interface Command {
  readonly id: string;
  readonly title: string;
  /** Grouping shown in the palette ("Go to", "View"). */
  readonly group: string;
  /** False while the command cannot be used (a favourite slot with no account): left out of the palette. */
  available?(): boolean;
  run(): void;
}

/**
 * The default bindings (UI.md). A binding may name a command that does not exist yet (buy, sell,
 * cancel all…): it does nothing until that command is registered.
 */
export const defaultBindings: Readonly<Record<string, string>> = {
  'order.buy': 'B',
  'order.sell': 'S',
  'order.cancel-all': 'Ctrl+Shift+X',
  'position.close': 'Ctrl+Shift+C',
  'alert.price': 'Alt+A',
  'palette.open': 'Ctrl+K',
  ...Object.fromEntries(
    Array.from({ length: 9 }, (_, i) => [`account.favourite-${i + 1}`, `Ctrl+${i + 1}`] as const),
  ),
};

/** Names for bound commands that are not registered yet, for the settings list. */
export const reservedTitles: Readonly<Record<string, string>> = {
  'order.buy': 'Buy on the open market',
  'order.sell': 'Sell on the open market',
  'order.cancel-all': 'Cancel all orders on the market',
  'position.close': 'Close the position',
  'alert.price': 'Add a price alert on the open market',
  ...Object.fromEntries(
    Array.from(
      { length: 9 },
      (_, i) => [`account.favourite-${i + 1}`, `Switch to favourite account ${i + 1}`] as const,
    ),
  ),
};

/** What happens to a rebinding. */
export type BindResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'invalid' }
  | { readonly ok: false; readonly reason: 'conflict'; readonly with: string };

/** The parts of a key event the registry looks at. */
export interface KeyPress extends KeyStroke {
  readonly target: EventTarget | null;
  readonly repeat?: boolean;
  preventDefault(): void;
}

function isBindingMap(value: unknown): value is Record<string, string | null> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => v === null || typeof v === 'string')
  );
}

/** Fields where single keys are text, not commands. */
export function isEditable(target: EventTarget | null): boolean {
  const el = target as { tagName?: unknown; isContentEditable?: unknown; type?: unknown } | null;
  if (!el || typeof el.tagName !== 'string') return false;
  if (el.isContentEditable === true) return true;
  const tag = el.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = typeof el.type === 'string' ? el.type : 'text';
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color'].includes(type);
}

/**
 * Commands and their key bindings. Defaults come from `defaultBindings` and from commands registered
 * with one; the user's changes (including removals) are stored as overrides and survive restarts.
 */
export class HotkeyRegistry {
  /** Command id → chord, or null where the user removed a default. */
  overrides = $state<Record<string, string | null>>({});
  #commands = $state<Command[]>([]);
  #defaults = $state<Record<string, string>>({ ...defaultBindings });
  readonly #store: PreferenceStore;

  constructor(store: PreferenceStore) {
    this.#store = store;
    try {
      const saved: unknown = JSON.parse(store.getItem(HOTKEYS_KEY) ?? '{}');
      if (isBindingMap(saved)) {
        for (const [id, chord] of Object.entries(saved)) {
          const normal = chord === null ? null : normalizeChord(chord);
          if (normal !== undefined) this.overrides[id] = normal;
        }
      }
    } catch {
      // An unreadable preference falls back to the defaults.
    }
  }

  /** Adds commands (replacing any with the same id); returns a function that removes them again. */
  register(commands: readonly Command[], bindings: Readonly<Record<string, string>> = {}): () => void {
    const ids = commands.map((c) => c.id);
    this.#commands = [...this.#commands.filter((c) => !ids.includes(c.id)), ...commands];
    for (const [id, chord] of Object.entries(bindings)) {
      const normal = normalizeChord(chord);
      if (normal && !(id in this.#defaults)) this.#defaults[id] = normal;
    }
    return () => {
      this.#commands = this.#commands.filter((c) => !commands.includes(c));
    };
  }

  get commands(): readonly Command[] {
    return this.#commands;
  }

  command(id: string): Command | undefined {
    return this.#commands.find((c) => c.id === id);
  }

  /** The chord bound to a command, if any. */
  chordFor(id: string): string | undefined {
    const override = this.overrides[id];
    if (override === null) return undefined;
    return override ?? this.#defaults[id];
  }

  /** Every command id with a chord (registered or not yet), to the chord. */
  get bindings(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const id of [...Object.keys(this.#defaults), ...Object.keys(this.overrides)]) {
      const chord = this.chordFor(id);
      if (chord) out[id] = chord;
    }
    return out;
  }

  /** The command id bound to a chord, excluding `except`. */
  boundTo(chord: string, except?: string): string | undefined {
    for (const [id, c] of Object.entries(this.bindings)) if (c === chord && id !== except) return id;
    return undefined;
  }

  /**
   * Binds a chord to a command. A chord another command uses is refused unless `replace` is set, in
   * which case the other command loses it.
   */
  bind(id: string, chord: string, replace = false): BindResult {
    const normal = normalizeChord(chord);
    if (!normal) return { ok: false, reason: 'invalid' };
    const other = this.boundTo(normal, id);
    if (other && !replace) return { ok: false, reason: 'conflict', with: other };
    if (other) this.overrides[other] = null;
    this.overrides[id] = normal;
    this.#save();
    return { ok: true };
  }

  /** Removes a command's chord (also a default one). */
  unbind(id: string): void {
    this.overrides[id] = null;
    this.#save();
  }

  /** Back to the default chord of one command, or of all when `id` is omitted. */
  reset(id?: string): void {
    if (id === undefined) this.overrides = {};
    else this.overrides = Object.fromEntries(Object.entries(this.overrides).filter(([k]) => k !== id));
    this.#save();
  }

  /** Runs the command a key press is bound to; true when one ran (the event is then consumed). */
  handle(event: KeyPress): boolean {
    const chord = chordOf(event);
    if (!chord) return false;
    if (isEditable(event.target) && !hasCommandModifier(chord)) return false;
    const id = this.boundTo(chord);
    const command = id ? this.command(id) : undefined;
    if (!command) return false;
    event.preventDefault();
    if (!event.repeat) command.run();
    return true;
  }

  #save(): void {
    this.#store.setItem(HOTKEYS_KEY, JSON.stringify(this.overrides));
  }
}
