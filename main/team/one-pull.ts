/**
 * One pull of a shared table at a time: a call while a pull runs asks for one more pass once it ends
 * (so a change written meanwhile is read) and shares its answer, which is the last pass's.
 */
export class OnePull<T> {
  readonly #pass: () => Promise<T>;
  #running: Promise<T> | undefined;
  #again = false;

  constructor(pass: () => Promise<T>) {
    this.#pass = pass;
  }

  run(): Promise<T> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      let last: T;
      do {
        this.#again = false;
        last = await this.#pass();
      } while (this.#again);
      return last;
    })().finally(() => (this.#running = undefined));
    return this.#running;
  }
}
