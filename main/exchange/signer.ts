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

const RESERVED = ['request', 'nonce', 'nonceWindow'] as const;

/**
 * The body of a private request: `{request, nonce, nonceWindow: true, ...fields}` in that key order,
 * serialized once. Fields may not override the three reserved keys.
 */
export function buildBody(request: string, nonce: number, fields: RequestFields = {}): string {
  if (!request.startsWith('/')) throw new TypeError(`request must be an endpoint path, got ${request}`);
  if (!Number.isSafeInteger(nonce) || nonce <= 0) throw new TypeError('nonce must be a positive integer');
  for (const key of RESERVED) {
    if (Object.hasOwn(fields, key)) throw new TypeError(`the field ${key} is set by the signer`);
  }
  // The same text as JSON.stringify({request, nonce, nonceWindow: true, ...fields}), without copying
  // the fields into a new object first: this runs for every request.
  const head = `{"request":${JSON.stringify(request)},"nonce":${String(nonce)},"nonceWindow":true`;
  const rest = JSON.stringify(fields);
  return rest === '{}' ? `${head}}` : `${head},${rest.slice(1)}`;
}

/** Base64 payload and lowercase hex HMAC-SHA512 of that payload string, keyed with the secret. */
export function signBody(body: string, secret: string): { payload: string; signature: string } {
  const payload = Buffer.from(body, 'utf8').toString('base64');
  const signature = createHmac('sha512', secret).update(payload).digest('hex');
  return { payload, signature };
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
