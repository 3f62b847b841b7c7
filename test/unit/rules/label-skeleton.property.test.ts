/**
 * Labels compared as a person reads them (`main/rules/label-skeleton.ts`): whatever a label is,
 * invisible characters, another letter case, styled or full-width letters and the Cyrillic or Greek
 * twins of Latin letters leave it the same name, and a blank-looking character reads as a space;
 * labels that differ in what a person sees stay apart. A label holding a character a person cannot
 * see or tell from a space is refused, naming where it sits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  labelSkeletons,
  lookAlike,
  lookAlikeOf,
  unreadableLabel,
  visibleText,
} from '../../../main/rules/label-skeleton.ts';

/** Characters that show nothing: zero-width, joiners, bidirectional marks and overrides, BOM, soft hyphen. */
const INVISIBLE = [
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u061C',
];
/** Latin letters and a twin from another script that reads the same (Cyrillic, Greek). */
const TWINS: Readonly<Record<string, readonly string[]>> = {
  a: ['а'],
  c: ['с'],
  e: ['е'],
  o: ['о', 'ο'],
  p: ['р', 'ρ'],
  x: ['х'],
  y: ['у'],
  A: ['А', 'Α'],
  B: ['В', 'Β'],
  C: ['С'],
  E: ['Е', 'Ε'],
  H: ['Н', 'Η'],
  K: ['К', 'Κ'],
  M: ['М', 'Μ'],
  O: ['О', 'Ο'],
  P: ['Р', 'Ρ'],
  T: ['Т', 'Τ'],
  X: ['Х', 'Χ'],
};

const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,20}$/);

/** A label with some of its characters replaced as `swap` says, at positions fast-check picks. */
const changed = (label: string, picks: readonly boolean[], swap: (c: string, i: number) => string) =>
  [...label].map((c, i) => (picks[i % picks.length] ? swap(c, i) : c)).join('');

describe('labels that read the same are one name', () => {
  it('with invisible characters put anywhere', () => {
    fc.assert(
      fc.property(
        word,
        fc.array(fc.tuple(fc.nat(30), fc.constantFrom(...INVISIBLE)), { maxLength: 5 }),
        (label, inserts) => {
          const chars = [...label];
          for (const [at, mark] of inserts) chars.splice(at % (chars.length + 1), 0, mark);
          const hidden = chars.join('');
          expect(lookAlike(label, hidden)).toBe(true);
          expect(visibleText(hidden)).toBe(visibleText(label));
        },
      ),
    );
  });

  it('in another letter case', () => {
    fc.assert(
      fc.property(word, fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), (label, picks) => {
        const other = changed(label, picks, (c) =>
          c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase(),
        );
        expect(lookAlike(label, other)).toBe(true);
      }),
    );
  });

  it('with Cyrillic or Greek twins of its Latin letters', () => {
    fc.assert(
      fc.property(
        word,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        (label, picks, n) => {
          const other = changed(label, picks, (c) => {
            const twins = TWINS[c];
            return twins ? (twins[n % twins.length] as string) : c;
          });
          expect(lookAlike(label, other)).toBe(true);
        },
      ),
    );
  });

  it('in full-width letters and with its spaces doubled', () => {
    fc.assert(
      fc.property(word, (label) => {
        const wide = [...label]
          .map((c) => (/[A-Za-z0-9]/.test(c) ? String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0) : c))
          .join('');
        expect(lookAlike(label, wide)).toBe(true);
        expect(lookAlike(label, ` ${label.replace(/ /g, '  ')} `)).toBe(true);
      }),
    );
  });

  it('alike both ways, and every label reads the same as itself', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), fc.string({ maxLength: 24 }), (a, b) => {
        expect(lookAlike(a, b)).toBe(lookAlike(b, a));
        expect(lookAlike(a, a)).toBe(true);
      }),
    );
  });
});

/** Every code point whose category or properties say `pattern`, from the engine's own Unicode tables. */
function codePoints(pattern: RegExp): number[] {
  const out: number[] = [];
  for (let c = 0; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (pattern.test(String.fromCodePoint(c))) out.push(c);
  }
  return out;
}
/** What shows as blank space: white space of every kind, and the letters and symbols with no ink. */
const BLANK = [
  ...codePoints(/^\p{White_Space}$/u),
  0x2800, // braille pattern blank
  0x3164, // Hangul filler
  0x115f, // Hangul choseong filler
  0x1160, // Hangul jungseong filler
  0xffa0, // halfwidth Hangul filler
  0x1d159, // musical symbol null notehead
]
  .filter((c) => c !== 0x20) // the plain space is one a person sees
  .map((c) => String.fromCodePoint(c));
/** What shows nothing: default-ignorable, format and control characters (tags, joiners, bidi, ...). */
const HIDDEN = codePoints(/^[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}]$/u)
  .filter((c) => c < 0xe0100)
  .map((c) => String.fromCodePoint(c));
/** Variation selectors: they only choose a glyph's style, and a label may keep them. */
const STYLE = /^\p{Variation_Selector}$/u;

/** The label with `c` put in at `at` (counted in code points, wrapped to its length). */
const insert = (label: string, at: number, c: string) => {
  const chars = [...label];
  const i = at % (chars.length + 1);
  return { text: [...chars.slice(0, i), c, ...chars.slice(i)].join(''), before: chars.slice(0, i).join('') };
};

describe('a blank-looking or invisible character in a label', () => {
  const unseen = fc.oneof(fc.constantFrom(...BLANK), fc.constantFrom(...HIDDEN));

  it('leaves a look-alike of the label, or the label is refused', () => {
    fc.assert(
      fc.property(word, fc.nat(30), unseen, (label, at, c) => {
        const { text } = insert(label, at, c);
        expect(lookAlike(label, text) || unreadableLabel(text.trim()) !== undefined).toBe(true);
      }),
    );
  });

  it('is refused, naming the text it follows, unless it only picks a glyph’s style', () => {
    fc.assert(
      fc.property(word, fc.nat(30), unseen, (label, at, c) => {
        fc.pre(!STYLE.test(c));
        const { text, before } = insert(label, at, c);
        const shown = [...before].length > 24 ? `…${[...before].slice(-24).join('')}` : before;
        expect(unreadableLabel(text)).toBe(
          before === ''
            ? 'The label starts with an invisible or blank-looking character: remove it.'
            : `The label has an invisible or blank-looking character after "${shown}": remove it.`,
        );
      }),
    );
    expect(unreadableLabel('Cold\u2800wallet')).toBe(
      'The label has an invisible or blank-looking character after "Cold": remove it.',
    );
  });

  it('reads as a space when it looks blank', () => {
    fc.assert(
      fc.property(word, fc.nat(30), fc.constantFrom(...BLANK), (label, at, c) => {
        expect(visibleText(insert(label, at, c).text)).toBe(visibleText(insert(label, at, ' ').text));
      }),
    );
    expect(lookAlike('Cold\u2800wallet', 'Cold wallet')).toBe(true);
    expect(lookAlike('Treasury\u3164', 'Treasury')).toBe(true);
    expect(lookAlike('Cold\uFFA0wallet', 'Cold wallet')).toBe(true);
  });

  it('a label of letters, marks, numbers, punctuation, symbols and plain spaces is taken as it is', () => {
    for (const label of ['Treasury', 'Кошелёк 2', 'Déjà vu', '東京 desk', 'Ops #1 (EU)', 'Hot ❤️', 'مكتب'])
      expect(unreadableLabel(label)).toBeUndefined();
    fc.assert(
      fc.property(word, (label) => {
        expect(unreadableLabel(label)).toBeUndefined();
      }),
    );
  });
});

describe('labels that read differently stay apart', () => {
  // letters and digits no confusable mapping joins (no l/I/1, O/0, rn/m, vv/w, cl/d ...)
  const plain = fc.stringMatching(/^[abefghkstxyz2-9]{1,12}$/);

  it('two labels of plain letters are one name only when equal ignoring case', () => {
    fc.assert(
      fc.property(plain, plain, (a, b) => {
        expect(lookAlike(a, b)).toBe(a.toLowerCase() === b.toLowerCase());
      }),
    );
  });

  it('names the first label a new one reads the same as, and none when it reads differently', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(plain, { maxLength: 8, selector: (s) => s.toLowerCase() }),
        plain,
        (labels, other) => {
          const found = lookAlikeOf(other, labels);
          const same = labels.find((l) => l.toLowerCase() === other.toLowerCase());
          expect(found).toBe(same);
        },
      ),
    );
  });

  it('the desk\'s pattern names "sub-001" to "sub-100" are all apart', () => {
    const names = Array.from({ length: 100 }, (_, i) => `sub-${String(i + 1).padStart(3, '0')}`);
    const keys = new Set(names.map((n) => labelSkeletons(n).join('\u0000')));
    expect(keys.size).toBe(100);
  });
});
