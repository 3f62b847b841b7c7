/**
 * A screen's component, kept in its own chunk and loaded on first use: the window starts with only
 * the frame and the screen it opens on, and each other screen loads when it is first shown.
 */
export class LazyView<C> {
  /** The component once its chunk has loaded. */
  value = $state.raw<C | undefined>();
  /** The last load failed (a retry loads again). */
  failed = $state(false);
  readonly #import: () => Promise<{ default: C }>;
  #loading: Promise<C | undefined> | undefined;

  constructor(load: () => Promise<{ default: C }>) {
    this.#import = load;
  }

  /** Starts loading (once); resolves to the component, or undefined when the chunk could not load. */
  load(): Promise<C | undefined> {
    this.#loading ??= this.#import().then(
      (module) => {
        this.failed = false;
        return (this.value = module.default);
      },
      () => {
        this.failed = true;
        this.#loading = undefined;
        return undefined;
      },
    );
    return this.#loading;
  }
}
