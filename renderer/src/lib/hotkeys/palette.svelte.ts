import type { Command, HotkeyRegistry } from './registry.svelte.ts';

/** Scores how well `query` matches `text`: words of the query must all appear; earlier is better. */
export function matchScore(text: string, query: string): number | undefined {
  const hay = text.toLowerCase();
  let score = 0;
  for (const word of query.toLowerCase().split(/\s+/).filter(Boolean)) {
    const at = hay.indexOf(word);
    if (at < 0) return undefined;
    score += at === 0 || hay[at - 1] === ' ' ? 0 : 10 + at;
  }
  return score;
}

/** The command palette: open/closed, the query, the filtered commands and the highlighted one. */
export class CommandPalette {
  open = $state(false);
  query = $state('');
  active = $state(0);
  readonly #registry: HotkeyRegistry;

  constructor(registry: HotkeyRegistry) {
    this.#registry = registry;
  }

  readonly results: readonly Command[] = $derived.by(() => {
    const scored: { command: Command; score: number; index: number }[] = [];
    this.#registry.commands.forEach((command, index) => {
      const score = matchScore(`${command.group} ${command.title}`, this.query);
      if (score !== undefined) scored.push({ command, score, index });
    });
    return scored.sort((a, b) => a.score - b.score || a.index - b.index).map((s) => s.command);
  });

  show(): void {
    this.open = true;
    this.query = '';
    this.active = 0;
  }

  close(): void {
    this.open = false;
  }

  setQuery(query: string): void {
    this.query = query;
    this.active = 0;
  }

  /** Moves the highlight, wrapping around the list. */
  move(step: number): void {
    const n = this.results.length;
    if (n === 0) return;
    this.active = (((this.active + step) % n) + n) % n;
  }

  /** Runs the highlighted command (or the one at `index`) and closes. */
  run(index = this.active): boolean {
    const command = this.results[index];
    if (!command) return false;
    this.close();
    command.run();
    return true;
  }

  chordFor(id: string): string | undefined {
    return this.#registry.chordFor(id);
  }
}
