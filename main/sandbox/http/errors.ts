/** Error answers of the sandbox: every failure is thrown as an ApiError and written by the server. */

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;

  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    super(typeof body === 'object' && body && 'message' in body ? String(body.message) : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** HTTP 422 `{code, message, errors:{field:[messages]}}`; code 30 is the generic validation code. */
export function validationError(errors: FieldErrors, code = 30, message = 'Validation failed'): ApiError {
  return new ApiError(422, { code, message, errors });
}

export function fieldError(field: string, text: string, code = 30): ApiError {
  return validationError({ [field]: [text] }, code);
}

/** Trade-rule failures (step mismatch, flags) keep the 422 validation shape with their own code. */
export function tradeError(code: number, field: string, text: string): ApiError {
  return new ApiError(422, { code, message: text, errors: { [field]: [text] } });
}

export function unauthorized(message = 'Unauthorized request.'): ApiError {
  return new ApiError(401, { code: 10, message });
}

export function forbidden(message: string): ApiError {
  return new ApiError(403, { code: 0, message, errors: {} });
}

export const NO_PERMISSION = "You don't have permission to use this endpoint.";
export const KEY_DISABLED = 'This action is unauthorized. Enable your key in API settings';

/** Nonce not greater than the last one: the live service answers like a rate limit. */
export function nonceReplay(): ApiError {
  return new ApiError(429, { code: 0, message: 'Too many requests.', errors: {} });
}

/** A real rate limit: a different body than the nonce replay, so a client can tell them apart. */
export function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    { message: 'Too Many Attempts.' },
    { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
}

export function regionBlocked(field: string): ApiError {
  return new ApiError(453, {
    code: 0,
    message: 'This order type or flag is not available in your region.',
    errors: { [field]: ['Not available in your region.'] },
  });
}

export function notFound(): ApiError {
  return new ApiError(404, { code: 0, message: 'Not found.', errors: {} });
}
