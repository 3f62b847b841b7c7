/**
 * When two labels read the same to a person: compared by their confusable skeleton (Unicode UTS #39),
 * so "Treasury" and "Trеasury" (a Cyrillic е), "Treasury\u200B" (a zero-width space) or "TREASURY"
 * are one name. Each label is read after NFKC (full-width and styled letters become plain), with every
 * blank-looking character read as a space (white space of any kind, the braille blank, the Hangul
 * fillers, ...), invisible characters taken out (zero-width, bidirectional controls, other
 * default-ignorables and control characters), spaces collapsed, and each character replaced by its
 * prototype from Unicode's confusables table (`unhomoglyph`, which ships that table): once after
 * folding the case ("MAIN" and "main") and once before it ("Тreasury" with a Cyrillic capital, whose
 * small letter looks like no Latin one). Two labels are look-alikes when either reading is equal.
 *
 * A new label is refused outright when it holds a character a person cannot see or tell from a space
 * (`unreadableLabel`): only letters, marks, numbers, punctuation, symbols and the plain space are
 * taken, never an invisible mark nor a blank-looking letter or symbol.
 */
import unhomoglyph from 'unhomoglyph';

/**
 * Characters that show as blank space: white space of every kind, the Hangul fillers (letters with a
 * width and no ink), the braille pattern blank and the musical null notehead (symbols with none).
 */
const BLANK = /[\p{White_Space}\u115F\u1160\u3164\uFFA0\u2800\u{1D159}]/gu;

/** Characters that show nothing (or only move text around): never part of what a person reads. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Cc}]/gu;

/** What a label may hold: letters, marks, numbers, punctuation, symbols and the plain space. */
const SHOWN = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
/**
 * Of those, what shows nothing or only blank space: a default-ignorable character (the combining
 * grapheme joiner, the Khmer inherent vowels, the Hangul fillers, ...) other than a variation selector
 * (which only picks an emoji's or a letter's style, and the skeleton drops), and the blank-looking ones.
 */
const HIDDEN =
  /^(?:(?!\p{Variation_Selector})\p{Default_Ignorable_Code_Point}|[\u115F\u1160\u3164\uFFA0\u2800\u{1D159}])$/u;

/** Full case folding, as near as JavaScript has it ("ß" and "SS" alike). */
const fold = (text: string): string => text.toUpperCase().toLowerCase();

/** What a person sees of the label: NFKC, blank-looking characters as spaces, invisible ones out, spaces collapsed. */
export function visibleText(label: string): string {
  return label.normalize('NFKC').replace(BLANK, ' ').replace(INVISIBLE, '').replace(/ +/gu, ' ').trim();
}

/** Whether a person could not see the character, or not tell it from a space. */
const unseen = (c: string): boolean => c !== ' ' && (!SHOWN.test(c) || HIDDEN.test(c));

/** The label without the characters a person cannot see or tell from a space, blanks as one space. */
export function readablePart(label: string): string {
  return [...visibleText(label)]
    .filter((c) => !unseen(c))
    .join('')
    .replace(/ +/gu, ' ')
    .trim();
}

/**
 * Why a label cannot be taken as typed: it holds a character that is invisible or looks blank
 * (anything but letters, marks, numbers, punctuation, symbols and the plain space), named by where it
 * sits, in words for a person. Undefined when every character shows. Leading and trailing spaces are
 * the caller's to trim.
 */
export function unreadableLabel(label: string): string | undefined {
  const chars = [...label];
  const at = chars.findIndex(unseen);
  if (at < 0) return undefined;
  if (at === 0) return 'The label starts with an invisible or blank-looking character: remove it.';
  const before = chars.slice(0, at);
  const shown = before.length > 24 ? `…${before.slice(-24).join('')}` : before.join('');
  return `The label has an invisible or blank-looking character after "${shown}": remove it.`;
}

/**
 * The refusal of a new label among `others` (the labels it must read differently from, or how to find
 * the one it reads the same as among many), in words: a character a person cannot see first, then the
 * label it reads the same as. `noun`: "account", "address". Undefined when it may be taken.
 */
export function labelRefusal(
  label: string,
  others: Iterable<string> | ((label: string) => string | undefined),
  noun: string,
): { problem: 'unreadable' | 'lookAlike'; message: string } | undefined {
  const unreadable = unreadableLabel(label);
  if (unreadable) return { problem: 'unreadable', message: unreadable };
  const alike = typeof others === 'function' ? others(label) : lookAlikeOf(label, others);
  if (alike === undefined) return undefined;
  return { problem: 'lookAlike', message: `${capital(lookAlikeWords(label, alike, noun))}.` };
}

const capital = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The label's two skeletons: prototypes after case folding, and case folded after prototypes. */
export function labelSkeletons(label: string): readonly [string, string] {
  const seen = visibleText(label);
  return [
    unhomoglyph(fold(seen)).normalize('NFKC'),
    fold(unhomoglyph(seen.normalize('NFD'))).normalize('NFKC'),
  ];
}

/** A label's index keys: its two skeletons, each marked with which it is (equal keys: look-alikes). */
export function labelKeys(label: string): string[] {
  const [folded, mapped] = labelSkeletons(label);
  return [`f ${folded}`, `m ${mapped}`];
}

/** Whether two labels read the same to a person (the same label included). */
export function lookAlike(a: string, b: string): boolean {
  const [a1, a2] = labelSkeletons(a);
  const [b1, b2] = labelSkeletons(b);
  return a1 === b1 || a2 === b2;
}

/** The first of `labels` that reads the same as `label`, if any. */
export function lookAlikeOf(label: string, labels: Iterable<string>): string | undefined {
  const [x1, x2] = labelSkeletons(label);
  for (const other of labels) {
    const [y1, y2] = labelSkeletons(other);
    if (x1 === y1 || x2 === y2) return other;
  }
  return undefined;
}

/**
 * The words of a refused label: the same name as `existing` (letter case aside), or a look-alike of it,
 * naming the one it resembles and why a person could not tell them apart. `noun`: "account", "address".
 */
export function lookAlikeWords(label: string, existing: string, noun: string): string {
  const shown = visibleText(label);
  if (shown === label.trim() && fold(shown) === fold(existing.trim()))
    return `an ${noun} named "${existing}" already exists`;
  return `"${shown}" reads the same as the ${noun} "${visibleText(existing)}" (letters that look alike, another letter case or invisible characters): choose a label that reads differently`;
}
