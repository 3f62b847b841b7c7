/**
 * The audit log of signed requests, written in batches: every request the client signs is queued and
 * the queue goes to the cache in one transaction at most every 50 ms, so a desk-wide refresh
 * of thousands of requests costs a few writes instead of one per request. Never a secret or signature.
 */
import type { Cache } from '../cache/index.ts';
import type { AuditEntry } from '../exchange/http.ts';
import type { AuditEntry as StoredRequest, AuditQuery, SignedRequest } from '../cache/index.ts';
import type { Logger } from '../log.ts';

/** How long a request waits in the queue at most before it is written. */
const FLUSH_MS = 50;

export class SignedRequestLog {
  readonly #cache: Cache;
  readonly #accountOfKey: (apiKey: string) => string | undefined;
  readonly #log: Logger;
  /** This profile's operator in the team desk (undefined: working alone). */
  #operator: () => string | undefined = () => undefined;
  readonly #written = new Set<() => void>();
  #queue: SignedRequest[] = [];
  #scheduled: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(cache: Cache, accountOfKey: (apiKey: string) => string | undefined, log: Logger) {
    this.#cache = cache;
    this.#accountOfKey = accountOfKey;
    this.#log = log;
  }

  /** Names every entry written from now on after the team's operator (`operator()` undefined: alone). */
  useOperator(operator: () => string | undefined): void {
    this.#operator = operator;
  }

  /** Hears after each batch is stored (the team desk sends it on); returns the way to stop. */
  onWritten(listener: () => void): () => void {
    this.#written.add(listener);
    return () => this.#written.delete(listener);
  }

  /** Queues one request the client sent (`http.ts` tells every signed request). */
  write(entry: AuditEntry): void {
    const ok = entry.outcome === 'ok';
    const operator = this.#operator();
    const request: SignedRequest = {
      atMs: entry.at,
      account: this.#accountOfKey(entry.apiKey) ?? 'unregistered',
      path: entry.path,
      outcome: ok ? 'ok' : entry.status === undefined ? 'failed' : 'rejected',
      bodyHash: entry.bodyHash,
    };
    // Set only when there is one (this runs for every signed request).
    if (entry.clientOrderId !== undefined) request.clientOrderId = entry.clientOrderId;
    if (entry.approval) {
      request.proposal = entry.approval.proposal;
      request.approvedBy = entry.approval.approvedBy;
    }
    if (operator !== undefined) request.operator = operator;
    if (entry.status !== undefined) request.httpStatus = entry.status;
    if (!ok) request.errorCode = entry.outcome;
    this.#queue.push(request);
    this.#scheduled ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what is queued; answers when it (and every earlier batch) is stored. */
  flush(): Promise<void> {
    clearTimeout(this.#scheduled);
    this.#scheduled = undefined;
    const batch = this.#queue;
    this.#queue = [];
    if (batch.length > 0)
      this.#writing = this.#writing.then(() =>
        this.#cache.audit.recordMany(batch).then(
          () => {
            for (const listener of this.#written) listener();
          },
          (error: unknown) => this.#log.log('warn', 'could not write the audit log', error),
        ),
      );
    return this.#writing;
  }

  /** The stored requests that match `query`, newest first, what is still queued included. */
  async list(query: AuditQuery): Promise<StoredRequest[]> {
    await this.flush();
    return this.#cache.audit.list(query);
  }
}
