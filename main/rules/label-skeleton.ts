/**
 * When two labels read the same to a person: compared by their confusable skeleton (Unicode UTS #39),
 * so "Treasury" and "Trеasury" (a Cyrillic е), "Treasury\u200B" (a zero-width space) or "TREASURY"
 * are one name. Each label is read after NFKC (full-width and styled letters become plain), with
 * invisible characters taken out (zero-width, bidirectional controls, other default-ignorables and
 * control characters), spaces collapsed, and each character replaced by its prototype from Unicode's
 * confusables table (`unhomoglyph`, which ships that table): once after folding the case ("MAIN" and
 * "main") and once before it ("Тreasury" with a Cyrillic capital, whose small letter looks like no
 * Latin one). Two labels are look-alikes when either reading is equal.
 */
import unhomoglyph from 'unhomoglyph';

/** Characters that show nothing (or only move text around): never part of what a person reads. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Cc}]/gu;

/** Full case folding, as near as JavaScript has it ("ß" and "SS" alike). */
const fold = (text: string): string => text.toUpperCase().toLowerCase();

/** What a person sees of the label: NFKC, without invisible characters, spaces collapsed. */
export function visibleText(label: string): string {
  return label.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
}

/** The label's two skeletons: prototypes after case folding, and case folded after prototypes. */
export function labelSkeletons(label: string): readonly [string, string] {
  const seen = visibleText(label);
  return [
    unhomoglyph(fold(seen)).normalize('NFKC'),
    fold(unhomoglyph(seen.normalize('NFD'))).normalize('NFKC'),
  ];
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
