/**
 * Previews kept in main: what a preview showed is stored under a random id for a short time, and the
 * procedure that sends it takes that id, so what is sent is what was shown, never re-computed from
 * what the renderer says.
 */
import { randomUUID } from 'node:crypto';
import { UserFacingError } from '../../errors.ts';

/** How long a preview may be sent after it was made. */
export const PREVIEW_TTL_MS = 30_000;

/** Refused because the preview is unknown, too old or no longer fits; nothing was sent. */
export function stalePreview(reason: string): UserFacingError {
  return new UserFacingError('preview_stale', `${reason}: nothing was sent. Preview again.`, 'previewId');
}

export class PreviewStore<T> {
  readonly #entries = new Map<string, { value: T; createdAt: number }>();
  readonly #now: () => number;

  constructor(now: () => number = () => Date.now()) {
    this.#now = now;
  }

  /** Keeps the value; answers its id and when it expires (ms since the epoch). */
  put(value: T): { previewId: string; expiresAtMs: number } {
    const now = this.#now();
    for (const [id, e] of this.#entries) if (now - e.createdAt > PREVIEW_TTL_MS) this.#entries.delete(id);
    const previewId = randomUUID();
    this.#entries.set(previewId, { value, createdAt: now });
    return { previewId, expiresAtMs: now + PREVIEW_TTL_MS };
  }

  /** The stored value, or a `preview_stale` refusal when it is unknown, used already or too old. */
  get(previewId: string): T {
    const entry = this.#entries.get(previewId);
    if (!entry) throw stalePreview('This preview is not known (it was sent already or replaced)');
    if (this.#now() - entry.createdAt > PREVIEW_TTL_MS) {
      this.#entries.delete(previewId);
      throw stalePreview(`This preview is older than ${String(PREVIEW_TTL_MS / 1000)} seconds`);
    }
    return entry.value;
  }

  /** The stored value and when it expires, used up at once: a preview is sent at most once. */
  take(previewId: string): { value: T; expiresAtMs: number } {
    const value = this.get(previewId);
    const createdAt = this.#entries.get(previewId)?.createdAt ?? this.#now();
    this.#entries.delete(previewId);
    return { value, expiresAtMs: createdAt + PREVIEW_TTL_MS };
  }

  /** True once a preview expiring at `expiresAtMs` may no longer be sent (re-checked after a question). */
  expired(expiresAtMs: number): boolean {
    return this.#now() > expiresAtMs;
  }

  /** Uses the preview up: a preview is sent at most once. */
  delete(previewId: string): void {
    this.#entries.delete(previewId);
  }
}
