/**
 * A list opened by a key, narrowed by typing, with one highlighted entry that Up and Down move
 * (wrapping around) and Enter takes: the command palette and the account picker.
 */
export abstract class TypedList<T> {
  open = $state(false);
  query = $state('');
  active = $state(0);

  /** The entries the highlight walks through: those drawn. */
  protected abstract get entries(): readonly T[];

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
    const n = this.entries.length;
    if (n === 0) return;
    this.active = (((this.active + step) % n) + n) % n;
  }

  /** The highlighted entry (or the one at `index`); the list closes when there is one. */
  protected take(index: number): T | undefined {
    const entry = this.entries[index];
    if (entry !== undefined) this.close();
    return entry;
  }
}
