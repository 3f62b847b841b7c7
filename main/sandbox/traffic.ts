/**
 * Everything the sandboxes of this process send, told to whoever watches (the contract tests hold
 * each answer and push to the exchange's published schema). Nothing is built when nobody watches.
 */

export type SentMessage =
  | {
      via: 'rest';
      method: string;
      /** The path as asked, without its query. */
      path: string;
      status: number;
      body: unknown;
    }
  | {
      via: 'ws';
      /** The request it answers (absent for a push). */
      request?: { method: string; params: unknown[] };
      /** The frame as sent: `{id, result, error}` or `{id: null, method, params}`. */
      frame: unknown;
    };

const watchers = new Set<(message: SentMessage) => void>();

/** Calls `listener` with every answer and push any sandbox of this process sends; answers a function that stops it. */
export function watchEverySandbox(listener: (message: SentMessage) => void): () => void {
  watchers.add(listener);
  return () => watchers.delete(listener);
}

/** True while someone watches (the message need not be built otherwise). */
export const watched = (): boolean => watchers.size > 0;

export function tell(message: SentMessage): void {
  for (const watch of watchers) watch(message);
}
