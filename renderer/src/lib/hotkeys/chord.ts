/**
 * Key chords written the way people read them: "B", "Ctrl+Shift+X", "Ctrl+1". Modifiers always in
 * the order Ctrl, Alt, Shift, Meta; letters upper-case; digits by the key's position, so Shift+1
 * reads "Shift+1" on every layout rather than "!".
 */

/** The parts of a KeyboardEvent a chord is made of. */
export interface KeyStroke {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  readonly metaKey: boolean;
}

const MODIFIER_KEYS = new Set(['Control', 'Alt', 'Shift', 'Meta', 'AltGraph', 'CapsLock', 'OS']);
const MODIFIERS = ['Ctrl', 'Alt', 'Shift', 'Meta'] as const;

const NAMED: Record<string, string> = {
  ' ': 'Space',
  Esc: 'Escape',
  Up: 'ArrowUp',
  Down: 'ArrowDown',
  Left: 'ArrowLeft',
  Right: 'ArrowRight',
};

function baseKey(stroke: KeyStroke): string | undefined {
  if (MODIFIER_KEYS.has(stroke.key)) return undefined;
  const letter = /^Key([A-Z])$/.exec(stroke.code);
  if (letter) return letter[1];
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(stroke.code);
  if (digit) return digit[1];
  const key = NAMED[stroke.key] ?? stroke.key;
  return key.length === 1 ? key.toUpperCase() : key;
}

/** The chord a key press makes, or undefined for a lone modifier. */
export function chordOf(stroke: KeyStroke): string | undefined {
  const key = baseKey(stroke);
  if (!key) return undefined;
  const held = [stroke.ctrlKey, stroke.altKey, stroke.shiftKey, stroke.metaKey];
  return [...MODIFIERS.filter((_, i) => held[i]), key].join('+');
}

/**
 * Writes a chord typed by a person ("ctrl+shift+x", "Control + k") in the canonical form, or
 * returns undefined when it is not a chord (no key, unknown modifier, repeated key).
 */
export function normalizeChord(text: string): string | undefined {
  const parts = text
    .split('+')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return undefined;
  const alias: Record<string, (typeof MODIFIERS)[number]> = {
    ctrl: 'Ctrl',
    control: 'Ctrl',
    alt: 'Alt',
    option: 'Alt',
    shift: 'Shift',
    meta: 'Meta',
    cmd: 'Meta',
    command: 'Meta',
  };
  const mods = new Set<string>();
  let key: string | undefined;
  for (const part of parts) {
    const mod = alias[part.toLowerCase()];
    if (mod) mods.add(mod);
    else if (key !== undefined) return undefined;
    else key = NAMED[part] ?? (part.length === 1 ? part.toUpperCase() : part);
  }
  if (key === undefined) return undefined;
  return [...MODIFIERS.filter((m) => mods.has(m)), key].join('+');
}

/** True when the chord holds Ctrl, Alt or Meta: such chords also work while typing in a field. */
export function hasCommandModifier(chord: string): boolean {
  return /^(?:Ctrl|Alt|Meta)\+/.test(chord) || /\+(?:Alt|Meta)\+/.test(chord);
}
