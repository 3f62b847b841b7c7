import { CodedError } from '../errors.ts';
import { redact } from '../log.ts';

/** Per-field messages as the exchange sends them under `errors`. */
export type FieldMessages = Readonly<Record<string, readonly string[]>>;

export interface ExchangeErrorDetail {
  /** HTTP status of the answer, when there was one. */
  readonly status?: number;
  /** The exchange's own numeric code from the body, when there was one. */
  readonly exchangeCode?: number;
  readonly field?: string;
  readonly fields?: FieldMessages;
}

function blankFields(fields: FieldMessages | undefined): FieldMessages {
  const out: Record<string, readonly string[]> = {};
  for (const [key, messages] of Object.entries(fields ?? {})) out[key] = messages.map(redact);
  return out;
}

/**
 * A failure talking to the exchange. The message is a sentence for the desk operator and has every
 * registered secret blanked; `status`, `exchangeCode` and `fields` keep the exchange's own answer.
 */
export class ExchangeError extends CodedError {
  readonly status: number | undefined;
  readonly exchangeCode: number | undefined;
  readonly fields: FieldMessages;

  constructor(code: string, message: string, detail: ExchangeErrorDetail = {}) {
    super(code, redact(message), detail.field);
    this.name = 'ExchangeError';
    this.status = detail.status;
    this.exchangeCode = detail.exchangeCode;
    this.fields = blankFields(detail.fields);
  }
}

/** Bad signature, disabled key, key without permission for the endpoint. Retrying does not help. */
export class AuthError extends ExchangeError {
  constructor(message: string, detail: ExchangeErrorDetail = {}) {
    super('auth_failed', message, detail);
    this.name = 'AuthError';
  }
}

/** The exchange refused the nonce (repeated, missing, or outside its ±5 s window). */
export class NonceError extends ExchangeError {
  constructor(message: string, detail: ExchangeErrorDetail = {}) {
    super('nonce_rejected', message, detail);
    this.name = 'NonceError';
  }
}

/** A real rate limit (HTTP 429 that is not a nonce rejection). */
export class RateLimitError extends ExchangeError {
  /** Server's Retry-After in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, detail: ExchangeErrorDetail & { retryAfterMs?: number } = {}) {
    super('rate_limited', message, detail);
    this.name = 'RateLimitError';
    this.retryAfterMs = detail.retryAfterMs;
  }
}

/** The request did not pass the exchange's validation; `fields` holds each field's messages. */
export class ValidationError extends ExchangeError {
  constructor(message: string, detail: ExchangeErrorDetail = {}) {
    super('validation_failed', message, detail);
    this.name = 'ValidationError';
  }
}

/** The exchange understood the request and refused it for a business reason (a numbered code). */
export class BusinessError extends ExchangeError {
  constructor(message: string, detail: ExchangeErrorDetail = {}) {
    super('exchange_rejected', message, detail);
    this.name = 'BusinessError';
  }
}

/** HTTP 453 or a regional refusal: the order type, flag or endpoint is not offered in this region. */
export class RegionBlockedError extends ExchangeError {
  constructor(message: string, detail: ExchangeErrorDetail = {}) {
    super('region_blocked', message, detail);
    this.name = 'RegionBlockedError';
  }
}

/** The exchange could not be reached, or answered with a server error or an unreadable body. */
export class NetworkError extends ExchangeError {
  constructor(message: string, detail: ExchangeErrorDetail = {}) {
    super('network_error', message, detail);
    this.name = 'NetworkError';
  }
}

/**
 * No answer in time. The request may still have been applied: the caller must look it up (by
 * clientOrderId, uniqueId or idempotencyKey) before any retry.
 */
export class TimeoutError extends ExchangeError {
  constructor(message: string, detail: ExchangeErrorDetail = {}) {
    super('timeout', message, detail);
    this.name = 'TimeoutError';
  }
}

/** The request could not be sent: DNS, refused connection, TLS failure, reset. */
export function networkError(cause: unknown): NetworkError {
  const reason =
    cause instanceof Error
      ? ((cause as Error & { code?: unknown }).code ?? cause.message)
      : typeof cause === 'string'
        ? cause
        : 'unknown reason';
  return new NetworkError(
    `Could not reach the exchange (${String(reason)}). Check the network connection; nothing was confirmed.`,
  );
}

/** No answer within `timeoutMs`. */
export function timeoutError(timeoutMs: number, request?: string): TimeoutError {
  const what = request ? ` to ${request}` : '';
  return new TimeoutError(
    `The exchange did not answer the request${what} within ${String(Math.round(timeoutMs / 1000))} s. ` +
      'It may still have been carried out; the app checks before retrying.',
  );
}
