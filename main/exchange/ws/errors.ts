/** WebSocket failures as the app's exchange error families. */
import {
  AuthError,
  BusinessError,
  ExchangeError,
  NetworkError,
  RateLimitError,
  ValidationError,
} from '../errors.ts';

/** Protocol error numbers of the exchange's WebSocket. */
export const WS_CODES = {
  invalidArgument: 1,
  internal: 2,
  unavailable: 3,
  methodNotFound: 4,
  timeout: 5,
  authRequired: 6,
  tooManyRequests: 7,
} as const;

/** Order methods number their failures on their own (the same number can mean something else). */
export const WS_ORDER_CODES = {
  orderNotFound: 6,
  balanceNotEnough: 10,
  amountTooSmall: 11,
  duplicateClientOrderId: 43,
  positionSideMismatch: 114,
} as const;

/** Turns a `{code, message}` error frame into a typed error; `orderMethod` picks the numbering. */
export function wsError(
  method: string,
  error: { code: number; message: string },
  orderMethod: boolean,
): ExchangeError {
  const detail = { exchangeCode: error.code };
  const text = `The exchange refused ${method}: ${error.message}`;
  if (error.code === WS_CODES.tooManyRequests && !orderMethod) return new RateLimitError(text, detail);
  if (orderMethod) {
    if (error.code === WS_CODES.invalidArgument) return new ValidationError(text, detail);
    return new BusinessError(text, detail);
  }
  if (error.code === WS_CODES.authRequired) return new AuthError(text, detail);
  if (error.code === WS_CODES.invalidArgument || error.code === WS_CODES.methodNotFound)
    return new ValidationError(text, detail);
  return new NetworkError(text, detail);
}

export function closedError(method: string): NetworkError {
  return new NetworkError(
    `The WebSocket closed before the exchange answered ${method}; nothing was confirmed.`,
  );
}

/** An answer not in the shape its method's schema reads (`what`: "the order", "a request to …"). */
export function unexpectedAnswer(what: string): ExchangeError {
  return new ExchangeError(
    'unexpected_response',
    `The exchange answered ${what} in a form the app does not know, so the app did not use the answer.`,
  );
}
