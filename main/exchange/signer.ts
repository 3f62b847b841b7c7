import { createHash, hash } from 'node:crypto';

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

/** SHA-512's block size: the HMAC key pads are this long. */
const BLOCK = 128;
/** The inner and outer pads of one secret, each followed by room for what is hashed after it. */
interface HmacPads {
  /** `key ^ ipad` then the message; grown when a longer message comes. */
  inner: Buffer;
  /** `inner` cut after the pad and a message of each length seen (index: message length). */
  views: Buffer[];
  /** `key ^ opad` then the inner digest (64 bytes). */
  readonly outer: Buffer;
}

/** The pads of a secret (RFC 2104): derived once per credentials object by `padsOf`. */
function padsFor(secret: string): HmacPads {
  let key = Buffer.from(secret, 'utf8');
  if (key.length > BLOCK) key = createHash('sha512').update(key).digest();
  const inner = Buffer.alloc(BLOCK + 1024, 0x36);
  const outer = Buffer.alloc(BLOCK + 64, 0x5c);
  for (let i = 0; i < key.length; i++) {
    inner[i] = (inner[i] as number) ^ (key[i] as number);
    outer[i] = (outer[i] as number) ^ (key[i] as number);
  }
  return { inner, views: [], outer };
}

/**
 * Pads per credentials object: a key signing many requests derives them once, and they go with the
 * credentials (never kept past a rotation or keyed by the secret itself).
 */
const padsByCredentials = new WeakMap<Credentials, HmacPads>();

function padsOf(credentials: Credentials): HmacPads {
  let pads = padsByCredentials.get(credentials);
  if (!pads) {
    pads = padsFor(credentials.secret);
    padsByCredentials.set(credentials, pads);
  }
  return pads;
}

/**
 * Lowercase hex HMAC-SHA512 of an ASCII message (a base64 payload): H((K ^ opad) || H((K ^ ipad) || m))
 * with one-shot hashes over buffers that already hold the pads, instead of a new Hmac object deriving
 * them again for every request. The inner digest comes back as a binary (latin1) string and is written into
 * the outer buffer: a new Buffer for it (or for a view of `inner`) costs more than the hash of a block.
 */
function hmacHex(pads: HmacPads, message: string): string {
  if (pads.inner.length < BLOCK + message.length) {
    const grown = Buffer.allocUnsafe(BLOCK + message.length * 2);
    pads.inner.copy(grown, 0, 0, BLOCK);
    pads.inner = grown;
    pads.views = [];
  }
  const written = pads.inner.write(message, BLOCK, 'latin1');
  const view = (pads.views[written] ??= pads.inner.subarray(0, BLOCK + written));
  pads.outer.write(hash('sha512', view, 'binary'), BLOCK, 'binary');
  return hash('sha512', pads.outer, 'hex');
}

/** Where bodies are encoded for their base64 payload (grown for a longer body), instead of a new Buffer each. */
let bodyBytes = Buffer.allocUnsafe(4096);

function sign(body: string, pads: HmacPads): { payload: string; signature: string } {
  if (bodyBytes.length < body.length * 3) bodyBytes = Buffer.allocUnsafe(body.length * 3);
  const payload = bodyBytes.toString('base64', 0, bodyBytes.write(body, 0, 'utf8'));
  return { payload, signature: hmacHex(pads, payload) };
}

/** Base64 payload and lowercase hex HMAC-SHA512 of that payload string, keyed with the secret. */
export function signBody(body: string, secret: string): { payload: string; signature: string } {
  return sign(body, padsFor(secret));
}

/** Signs a private request: the returned body is the one to send, byte for byte. */
export function signRequest(
  credentials: Credentials,
  request: string,
  nonce: number,
  fields: RequestFields = {},
): SignedRequest {
  const body = buildBody(request, nonce, fields);
  const { payload, signature } = sign(body, padsOf(credentials));
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
