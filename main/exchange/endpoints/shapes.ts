/**
 * What every endpoint function takes: a key caller, which sends an endpoint's descriptor with its
 * fields and answers what its answer schema reads, and the calls' options.
 */
import type { z } from 'zod';
import type { ExchangeHttp } from '../http.ts';
import type { RestEndpoint } from '../registry/index.ts';
import type { ApprovalTicket } from '../sign-gate.ts';
import type { Credentials } from '../signer.ts';

export { decimal, decimalLike, decimalOrEmpty, integerLike } from '../schemas/primitives.ts';

export const READ = { idempotent: true } as const;
export const WRITE = { idempotent: false } as const;

/** One API key's view of the exchange: every private endpoint function takes one. */
export class KeyCaller {
  readonly http: ExchangeHttp;
  readonly credentials: Credentials;
  /** Calls queue behind interactive ones of the same key (history sync). */
  readonly background: boolean;
  /** The approved proposal its requests are sent under (four eyes). */
  readonly approval: ApprovalTicket | undefined;

  constructor(http: ExchangeHttp, credentials: Credentials, background = false, approval?: ApprovalTicket) {
    this.http = http;
    this.credentials = credentials;
    this.background = background;
    this.approval = approval;
  }

  /** The same key for background work. */
  inBackground(): KeyCaller {
    return new KeyCaller(this.http, this.credentials, true, this.approval);
  }

  /** The same key, sending under an approved proposal: the one request it approved may be signed. */
  withApproval(ticket: ApprovalTicket): KeyCaller {
    return new KeyCaller(this.http, this.credentials, this.background, ticket);
  }

  /** Signs and sends `fields` to the endpoint; answers what its answer schema reads of the answer. */
  call<Q extends z.ZodType, A extends z.ZodType>(
    endpoint: RestEndpoint<Q, A>,
    fields: z.input<Q>,
    options: { idempotent: boolean; signal?: AbortSignal },
  ): Promise<z.output<A>> {
    return this.http.privatePost(this.credentials, endpoint, fields, {
      ...options,
      background: this.background,
      ...(this.approval ? { approval: this.approval } : {}),
    });
  }
}

/** The fields of `T` with undefined values left out: a field that may be undefined becomes optional. */
export type Defined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** Drops undefined values so optional fields are left out of the signed body, not sent as null. */
export function defined<T extends Record<string, unknown>>(fields: T): Defined<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out as Defined<T>;
}
