import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The colour variables of one theme block of app.css. */
function themeColours(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const block = css.slice(start, css.indexOf('}', start));
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)) out[m[1] as string] = m[2] as string;
  return out;
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG 2 contrast ratio. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const css = readFileSync('renderer/src/styles/app.css', 'utf8');
const themes = {
  dark: themeColours(css, ':root'),
  light: { ...themeColours(css, ':root'), ...themeColours(css, ":root[data-theme='light']") },
};

describe.each(Object.entries(themes))('%s theme contrast (WCAG AA)', (_name, colours) => {
  const surfaces = ['surface-1', 'surface-2', 'surface-3', 'selection'];

  it('gives text, muted text and signal colours at least 4.5:1 on every surface', () => {
    for (const fg of ['text', 'text-muted', 'accent', 'buy', 'sell', 'ok', 'warning', 'danger']) {
      for (const bg of surfaces) {
        const ratio = contrast(colours[fg] as string, colours[bg] as string);
        expect(ratio, `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('keeps the focus ring at least 3:1 against the surfaces it is drawn on', () => {
    for (const bg of surfaces) {
      expect(
        contrast(colours.accent as string, colours[bg] as string),
        `focus on ${bg}`,
      ).toBeGreaterThanOrEqual(3);
    }
  });
});
