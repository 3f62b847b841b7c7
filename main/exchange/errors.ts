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
  /** The operating system's code for the failure (ECONNREFUSED…), for the log; never shown. */
  systemCode: string | undefined;
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

/** What a system error code means for a person; the code itself stays in the log, never on screen. */
const SYSTEM_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'nothing answered at its address',
  ENOTFOUND: 'its address could not be found',
  EAI_AGAIN: 'its address could not be looked up',
  ECONNRESET: 'the connection was cut',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'its computer cannot be reached from this network',
  ENETUNREACH: 'this computer is not connected to a network',
  EPIPE: 'the connection was cut',
  UND_ERR_SOCKET: 'the connection was cut',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: 'its security certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its security certificate is not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its security certificate is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its security certificate could not be checked',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its security certificate is for another address',
};

/** The system code behind a failed send (undici puts it on the cause), if any. */
function systemCode(cause: unknown): string | undefined {
  for (let e = cause, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The request could not be sent: DNS, refused connection, TLS failure, reset. The message says what
 * happened in words; the system code (ECONNREFUSED…) is kept on the error for the log only.
 */
export function networkError(cause: unknown): NetworkError {
  const code = systemCode(cause);
  const words = (code && SYSTEM_WORDS[code]) ?? 'the network did not carry the request';
  const error = new NetworkError(
    `Could not reach the exchange: ${words}. Check the network connection; nothing was confirmed.`,
  );
  error.systemCode = code;
  return error;
}

/** No answer within `timeoutMs`. */
export function timeoutError(timeoutMs: number, request?: string): TimeoutError {
  const what = request ? ` to ${request}` : '';
  return new TimeoutError(
    `The exchange did not answer the request${what} within ${String(Math.round(timeoutMs / 1000))} s. ` +
      'It may still have been carried out; the app checks before retrying.',
  );
}
