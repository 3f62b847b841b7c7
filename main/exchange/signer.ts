import { createHmac } from 'node:crypto';

/** An API key pair. The secret never leaves the main process and is never logged. */
export interface Credentials {
  readonly apiKey: string;
  readonly secret: string;
}

/** Endpoint fields of a private request; `request`, `nonce` and `nonceWindow` are set by the signer. */
export type RequestFields = Readonly<Record<string, unknown>>;

export interface SignedRequest {
  /** The exact bytes to send as the HTTP body: the same bytes the payload header encodes. */
  readonly body: string;
  readonly headers: {
    readonly 'Content-Type': 'application/json';
    readonly 'X-TXC-APIKEY': string;
    readonly 'X-TXC-PAYLOAD': string;
    readonly 'X-TXC-SIGNATURE': string;
  };
}

/** `{"request":"<path>","nonce":` per endpoint path: the fixed start of every body to that endpoint. */
const heads = new Map<string, string>();
const HEADS_MAX = 512;

function headOf(request: string): string {
  let head = heads.get(request);
  if (head === undefined) {
    if (!request.startsWith('/')) throw new TypeError(`request must be an endpoint path, got ${request}`);
    head = `{"request":${JSON.stringify(request)},"nonce":`;
    if (heads.size >= HEADS_MAX) heads.clear();
    heads.set(request, head);
  }
  return head;
}

/**
 * The body of a private request: `{request, nonce, nonceWindow: true, ...fields}` in that key order,
 * serialized once. Fields may not override the three reserved keys.
 */
export function buildBody(request: string, nonce: number, fields: RequestFields = {}): string {
  const head = headOf(request);
  if (!Number.isSafeInteger(nonce) || nonce <= 0) throw new TypeError('nonce must be a positive integer');
  for (const key of ['request', 'nonce', 'nonceWindow'] as const) {
    if (Object.hasOwn(fields, key)) throw new TypeError(`the field ${key} is set by the signer`);
  }
  // The same text as JSON.stringify({request, nonce, nonceWindow: true, ...fields}), without copying
  // the fields into a new object first: this runs for every request.
  const rest = JSON.stringify(fields);
  return rest === '{}'
    ? `${head}${String(nonce)},"nonceWindow":true}`
    : `${head}${String(nonce)},"nonceWindow":true,${rest.slice(1)}`;
}

/** Base64 payload of the body's UTF-8 bytes and lowercase hex HMAC-SHA512 of that payload, keyed with the secret. */
export function signBody(body: string, secret: string): { payload: string; signature: string } {
  const payload = Buffer.from(body, 'utf8').toString('base64');
  return { payload, signature: createHmac('sha512', secret).update(payload).digest('hex') };
}

/** Signs a private request: the returned body is the one to send, byte for byte. */
export function signRequest(
  credentials: Credentials,
  request: string,
  nonce: number,
  fields: RequestFields = {},
): SignedRequest {
  const body = buildBody(request, nonce, fields);
  const { payload, signature } = signBody(body, credentials.secret);
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      'X-TXC-APIKEY': credentials.apiKey,
      'X-TXC-PAYLOAD': payload,
      'X-TXC-SIGNATURE': signature,
    },
  };
}
