import type { Command, HotkeyRegistry } from './registry.svelte.ts';
import { TypedList } from './typed-list.svelte.ts';

/** What the palette lists: a command, or an entry of a source (an account, a market). */
export interface PaletteEntry extends Command {
  /** Shown after the title in muted words ("sub · Desk group"). */
  readonly detail?: string;
  /** Searched as well as the group, title and detail, never shown ("BTC USDT spot"). */
  readonly keywords?: string;
}

/** A word found as letters in order inside one word ("btcusd" in "BTC_USDT") ranks below any substring. */
const SCATTERED = 100;

/** Where `word` matches `hay`: a substring (0 at a word start, else 10 + position), or scattered in one word. */
function wordScore(hay: string, word: string): number | undefined {
  const at = hay.indexOf(word);
  if (at >= 0) return at === 0 || /[\s_/·-]/.test(hay[at - 1] ?? '') ? 0 : 10 + at;
  let best: number | undefined;
  for (const token of hay.split(/\s+/)) {
    const gaps = scattered(token, word);
    if (gaps !== undefined && (best === undefined || gaps < best)) best = gaps;
  }
  return best === undefined ? undefined : SCATTERED + best;
}

/** The letters of `word` in order inside one `token`: how many letters were skipped, or undefined. */
function scattered(token: string, word: string): number | undefined {
  let from = 0;
  let gaps = 0;
  for (const ch of word) {
    const next = token.indexOf(ch, from);
    if (next < 0) return undefined;
    gaps += next - from;
    from = next + 1;
  }
  return gaps;
}

/**
 * Scores how well `query` matches `text` (lower is better): every word of the query must appear,
 * as a substring (earlier and at a word start is better) or, ranked after those, as its letters in
 * order inside one word ("dsk3" finds "Desk-3").
 */
export function matchScore(text: string, query: string): number | undefined {
  const hay = text.toLowerCase();
  let score = 0;
  for (const word of query.toLowerCase().split(/\s+/).filter(Boolean)) {
    const s = wordScore(hay, word);
    if (s === undefined) return undefined;
    score += s;
  }
  return score;
}

/**
 * The command palette: open/closed, the query, the matching entries and the highlighted one.
 * Entries are the registered commands that are available now, then what `sources` offer (accounts,
 * markets), ranked together by match.
 */
export class CommandPalette extends TypedList<PaletteEntry> {
  readonly #registry: HotkeyRegistry;
  readonly #sources: () => readonly PaletteEntry[];

  constructor(registry: HotkeyRegistry, sources: () => readonly PaletteEntry[] = () => []) {
    super();
    this.#registry = registry;
    this.#sources = sources;
  }

  readonly results: readonly PaletteEntry[] = $derived.by(() => {
    const entries: PaletteEntry[] = [
      ...this.#registry.commands.filter((c) => c.available?.() !== false),
      ...this.#sources(),
    ];
    const scored: { entry: PaletteEntry; score: number; index: number }[] = [];
    entries.forEach((entry, index) => {
      const text = [entry.group, entry.title, entry.detail ?? '', entry.keywords ?? ''].join(' ');
      const score = matchScore(text, this.query);
      if (score !== undefined) scored.push({ entry, score, index });
    });
    return scored.sort((a, b) => a.score - b.score || a.index - b.index).map((s) => s.entry);
  });

  protected get entries(): readonly PaletteEntry[] {
    return this.results;
  }

  /** Runs the highlighted entry (or the one at `index`) and closes. */
  run(index = this.active): boolean {
    const entry = this.take(index);
    entry?.run();
    return entry !== undefined;
  }

  chordFor(id: string): string | undefined {
    return this.#registry.chordFor(id);
  }
}
