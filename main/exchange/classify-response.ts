import {
  AuthError,
  BusinessError,
  type ExchangeError,
  type FieldMessages,
  NetworkError,
  NonceError,
  RateLimitError,
  RegionBlockedError,
  ValidationError,
} from './errors.ts';

/** What a failed answer's body may carry; every part is optional and checked before use. */
interface ErrorBody {
  code?: number;
  message?: string;
  fields: FieldMessages;
  /** `errors` was present as a JSON object. */
  hasErrorsObject: boolean;
  /** The exact shape of a nonce rejection: `{"code":0,"message":"Too many requests.","errors":{}}`. */
  nonceShape: boolean;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The keys of the exchange's error envelopes: a body with any of them is not a flat bag. */
const ENVELOPE = ['code', 'message', 'errors', 'success', 'result'];

/**
 * `{field: ["message", …]}` and nothing else: every value a message list, or one message (as the
 * public funding history words most of its own).
 */
function isFlatBag(record: Record<string, unknown>): boolean {
  const entries = Object.entries(record);
  return (
    entries.length > 0 &&
    entries.every(
      ([key, v]) =>
        !ENVELOPE.includes(key) &&
        (typeof v === 'string' || (Array.isArray(v) && v.every((m) => typeof m === 'string'))),
    )
  );
}

function parseBody(raw: unknown): ErrorBody | undefined {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  const record = asRecord(value);
  if (!record) return undefined;
  const errors = asRecord(record['errors']);
  // the public endpoints' shapes (as published): a flat bag `{market: ["…"]}` with no envelope, and
  // the wrapped `{success: false, message: {field: ["…"]}}`
  const bag = errors ?? asRecord(record['message']) ?? (isFlatBag(record) ? record : undefined);
  const fields: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(bag ?? {})) {
    if (Array.isArray(messages)) fields[key] = messages.map(String);
    else if (typeof messages === 'string') fields[key] = [messages];
  }
  const code = typeof record['code'] === 'number' ? record['code'] : undefined;
  const message = typeof record['message'] === 'string' ? record['message'] : undefined;
  return {
    code,
    message,
    fields,
    hasErrorsObject: errors !== undefined,
    nonceShape:
      code === 0 &&
      message === 'Too many requests.' &&
      errors !== undefined &&
      Object.keys(errors).length === 0 &&
      Object.keys(record).length === 3,
  };
}

const STEP_NAMES: Readonly<Record<string, string>> = {
  price: 'tick size',
  activation_price: 'tick size',
  stop_limit_price: 'tick size',
  stopLoss: 'tick size',
  takeProfit: 'tick size',
  amount: 'step size',
};

/** Sentences for the exchange's business codes, for a person at the desk. */
export const CODE_SENTENCES: Readonly<Record<number, string>> = {
  20: 'This amount includes deposits that are not fully confirmed yet; those funds cannot be moved until the deposit is confirmed.',
  36: 'The client order id was not accepted: it may already belong to an open order on this market, or use characters other than letters, digits, dashes, dots and underscores.',
  37: 'An order cannot be both immediate-or-cancel and post-only; turn one of them off.',
  40: 'An RPI order cannot be immediate-or-cancel; turn off immediate-or-cancel or RPI.',
  41: 'The exchange refused an RPI order marked retail under a rule it has since retired; send the order again.',
  42: 'This account is not enabled for retail or RPI orders (exchange code 42); turn the option off or ask the exchange to enable it.',
  43: 'This account is not enabled for retail or RPI orders (exchange code 43); turn the option off or ask the exchange to enable it.',
  114: 'The position side does not fit the account mode: in hedge mode choose LONG or SHORT; in one-way mode leave it unset.',
  116: 'A reduce-only order needs an open position on the other side; there is no position for it to reduce.',
};

function firstField(fields: FieldMessages): string | undefined {
  return Object.keys(fields)[0];
}

function describeFields(fields: FieldMessages): string {
  return Object.entries(fields)
    .map(([field, messages]) => (messages.length ? `${field}: ${messages.join(' ')}` : field))
    .join('; ');
}

function authError(status: number, body: ErrorBody | undefined): AuthError {
  const detail = { status, exchangeCode: body?.code };
  const message = body?.message ?? '';
  if (/enable your key/i.test(message))
    return new AuthError('This API key is disabled. Enable it in the exchange API settings.', detail);
  if (/permission to use this endpoint/i.test(message))
    return new AuthError(
      'This API key is not allowed to use this function. Enable the endpoint for the key in the exchange API settings.',
      detail,
    );
  if (/invalid payload/i.test(message))
    return new AuthError(
      'The exchange says the signed payload does not match the request body. This is a fault in the app; nothing was done.',
      detail,
    );
  if (status === 403)
    return new AuthError('The exchange refused this API key for this action (HTTP 403).', detail);
  return new AuthError(
    'The exchange did not accept the request signature. Check that the API key and secret belong together and are current.',
    detail,
  );
}

function nonceError(status: number, body: ErrorBody): NonceError {
  const detail = { status, exchangeCode: body.code };
  if (/more than 5 seconds/i.test(body.message ?? ''))
    return new NonceError(
      "The exchange found the request more than 5 seconds old when it came: this computer's clock is behind the exchange's, or the request was held up on the way (a busy computer or network). Nothing was done. A clock that is off is named in the top bar, with how far; otherwise send it again.",
      detail,
    );
  if (/not provided/i.test(body.message ?? ''))
    return new NonceError(
      'The request reached the exchange without a nonce. This is a fault in the app; nothing was done.',
      detail,
    );
  return new NonceError(
    'The exchange refused the request number (nonce) as already used. Nothing was done; the request can be sent again.',
    detail,
  );
}

function rateLimitError(status: number, body: ErrorBody | undefined, retryAfterMs?: number): RateLimitError {
  return new RateLimitError(
    'The exchange is limiting requests from this key. The app waits and tries again; repeated limits can get the key restricted.',
    { status, exchangeCode: body?.code, retryAfterMs },
  );
}

function coded(status: number, body: ErrorBody): ExchangeError {
  const { code, fields } = body;
  const field = firstField(fields);
  const detail = { status, exchangeCode: code, fields, field };
  const message = body.message ?? '';
  if (
    /tradFi\.restricted/i.test(message) ||
    Object.values(fields)
      .flat()
      .some((m) => /tradFi/i.test(m))
  )
    return new BusinessError(
      'TradFi futures are not enabled for this account. Ask the exchange to enable them before trading this market.',
      detail,
    );
  if (/api\.margin\.unavailable/i.test(message))
    return new BusinessError(
      'Collateral market data is unavailable on the exchange right now; try again shortly.',
      detail,
    );
  if (/OrderHistory was not found/i.test(message))
    return new BusinessError('No executed order with that client order id was found.', detail);
  if (field === 'error' && Object.keys(fields).length === 1 && /region/i.test(describeFields(fields)))
    return new RegionBlockedError(
      `This function is not available in the account's region: ${describeFields(fields)}`,
      { ...detail, field: undefined },
    );
  // an order no longer open (filled, cancelled, or never there): code 2 on the order's id
  if (code === 2 && (field === 'orderId' || field === 'clientOrderId'))
    return new BusinessError(
      'That order is no longer open at the exchange: it has filled or been cancelled. Read the orders again.',
      detail,
    );
  // a price or amount off the market's step: code 1, or 32/33 with "Min price step" / "Min amount step"
  const offStep = (f: string) => /min (price|amount) step/i.test((fields[f] ?? []).join(' '));
  if ((code === 32 || code === 33) && Object.keys(fields).length > 0 && Object.keys(fields).every(offStep)) {
    const what = Object.keys(fields)
      .map(
        (f) =>
          `${f} is not a multiple of the market's ${STEP_NAMES[f] ?? 'step'} (${(fields[f] ?? []).join(' ')})`,
      )
      .join('; ');
    return new ValidationError(`The exchange rejected the order: ${what}.`, detail);
  }
  if (code === 1) {
    const list = Object.keys(fields);
    const what = list.length
      ? list.map((f) => `${f} is not a multiple of the market's ${STEP_NAMES[f] ?? 'step'}`).join('; ')
      : "a price or amount is not a multiple of the market's step";
    return new ValidationError(`The exchange rejected the order: ${what}.`, detail);
  }
  if (code !== undefined && CODE_SENTENCES[code] !== undefined) {
    const sentence = CODE_SENTENCES[code];
    return new BusinessError(sentence, { ...detail, field: field ?? (code === 20 ? 'amount' : undefined) });
  }
  // request validation: 422 on trading, 400 with code 0 on the main account, sub-account and mining endpoints
  if (
    code === 30 ||
    (code !== undefined && code >= 31 && code <= 43) ||
    ((status === 422 || status === 400) && field)
  ) {
    const what = Object.keys(fields).length ? describeFields(fields) : message || 'the request is not valid';
    return new ValidationError(`The exchange rejected the request: ${what}`, detail);
  }
  const shown = message || describeFields(fields) || `HTTP ${String(status)}`;
  // code 0 is the exchange's "no particular code": nothing for a person to quote
  const suffix = code !== undefined && code !== 0 ? ` (exchange code ${String(code)})` : '';
  return new BusinessError(`The exchange refused the request: ${shown}${suffix}`, detail);
}

/**
 * Turns a failed answer into the error family it belongs to. Returns null for a 2xx answer.
 * `body` is the raw text or the parsed JSON. A 429 is a nonce rejection only when its body is exactly
 * the nonce shape; any other 429 is a real rate limit.
 */
export function classifyResponse(
  status: number,
  body: unknown,
  retryAfterHeader?: string | null,
): ExchangeError | null {
  if (status >= 200 && status < 300) return null;
  const parsed = parseBody(body);
  if (status === 429) {
    if (parsed?.nonceShape) return nonceError(status, parsed);
    return rateLimitError(status, parsed, parseRetryAfter(retryAfterHeader));
  }
  if (status === 453)
    return new RegionBlockedError(
      "This order type or option is not available in the account's region; the exchange refused it.",
      { status, exchangeCode: parsed?.code, fields: parsed?.fields },
    );
  if ((status === 401 || status === 422) && parsed && /nonce/i.test(parsed.message ?? ''))
    return nonceError(status, parsed);
  if (status === 401 || status === 403) return authError(status, parsed);
  if (status >= 500)
    return new NetworkError(
      `The exchange had a server error (HTTP ${String(status)}). The request may not have been carried out; the app checks before retrying.`,
      { status, exchangeCode: parsed?.code },
    );
  if (!parsed)
    return new NetworkError(`The exchange answered HTTP ${String(status)} with a body the app cannot read.`, {
      status,
    });
  return coded(status, parsed);
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date. Undefined when absent or unreadable. */
export function parseRetryAfter(
  header: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
