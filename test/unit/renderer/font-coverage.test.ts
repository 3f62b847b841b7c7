import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';

const INTER = 'node_modules/inter-ui/variable/InterVariable.woff2';
const MONO = 'node_modules/jetbrains-mono/fonts/webfonts/JetBrainsMono-Regular.woff2';

function font(path: string): fontkit.Font {
  return fontkit.create(readFileSync(path)) as fontkit.Font;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(svelte|ts|css)$/.test(e.name) ? [path] : [];
  });
}

/** Every character beyond ASCII written in the renderer's sources (words, symbols, spaces). */
function drawnCharacters(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources('renderer/src')) {
    for (const ch of readFileSync(file, 'utf8')) {
      if ((ch.codePointAt(0) ?? 0) > 0x7e && !found.has(ch)) found.set(ch, file);
    }
  }
  // Escapes in code, such as the grid's padding spaces.
  for (const cp of [0x2007, 0x2008, 0x00a0]) found.set(String.fromCodePoint(cp), 'lib/format/decimal.ts');
  return found;
}

describe('the bundled fonts', () => {
  const inter = font(INTER);
  const mono = font(MONO);

  it('draw every character the renderer writes, in Inter or JetBrains Mono', () => {
    const missing = [...drawnCharacters()]
      .filter(
        ([ch]) =>
          !inter.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0) &&
          !mono.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0),
      )
      .map(([ch, file]) => `${ch} U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase()} (${file})`);
    expect(missing).toEqual([]);
  });

  it('line decimal points up: Inter has figure and punctuation spaces as wide as its tabular digit and point', () => {
    const advance = (text: string) =>
      inter.layout(text, ['tnum']).glyphs.reduce((w, g) => w + g.advanceWidth, 0);
    expect(inter.hasGlyphForCodePoint(0x2007)).toBe(true);
    expect(advance('\u2007')).toBe(advance('0'));
    expect(advance('\u2007')).toBe(advance('8'));
    expect(advance('\u2008')).toBe(advance('.'));
  });
});
