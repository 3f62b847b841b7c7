/** Building blocks of response schemas shared by every endpoint group. */
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import type { ExchangeHttp } from '../http.ts';
import type { ApprovalTicket } from '../sign-gate.ts';
import type { Credentials, RequestFields } from '../signer.ts';

/** A decimal string as the exchange sends amounts and prices: `12`, `-0.5`, `0.00000001`. */
export const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'expected a decimal string');
/**
 * An amount the exchange documents as a decimal string but shows as a JSON number in a published
 * example (the collateral balance): read as the decimal string of that number, never as a float.
 */
export const decimalLike = z.union([
  decimal,
  z
    .number()
    .refine(Number.isFinite)
    .transform((n) => new Decimal(n).toFixed()),
]);
/** A decimal string that may be empty where the exchange has no value (tickSize, mark_price). */
export const decimalOrEmpty = z.union([decimal, z.literal('')]);
/** Some integer fields arrive as numbers or numeric strings; both become numbers. */
export const integerLike = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

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

  post<S extends z.ZodType>(
    path: string,
    fields: RequestFields,
    schema: S,
    options: { idempotent: boolean; signal?: AbortSignal },
  ): Promise<z.output<S>> {
    return this.http.privatePost(this.credentials, path, fields, schema, {
      ...options,
      background: this.background,
      ...(this.approval ? { approval: this.approval } : {}),
    });
  }
}

/** Drops undefined values so optional fields are left out of the signed body, not sent as null. */
export function defined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) out[key as keyof T] = value as T[keyof T];
  return out;
}
