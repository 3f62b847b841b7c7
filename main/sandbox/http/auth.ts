/** Verifies a private request: the four headers, payload, HMAC-SHA512 signature, request path, nonce. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiKey, SandboxState } from '../state.ts';
import { ApiError, KEY_DISABLED, nonceReplay, unauthorized, validationError } from './errors.ts';
import type { Body } from './fields.ts';

export const NONCE_WINDOW_MS = 5000;
export const NONCE_MISSING = 'Nonce not provided.';
export const NONCE_OUT_OF_WINDOW = 'Your nonce is more than 5 seconds lesser than the current nonce';

export function sign(payload: string, secret: string): string {
  return createHmac('sha512', secret).update(payload).digest('hex');
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export interface Authenticated {
  key: ApiKey;
  body: Body;
}

export function authenticate(
  state: SandboxState,
  path: string,
  headers: IncomingHttpHeaders,
  raw: Buffer,
): Authenticated {
  const apiKey = header(headers, 'x-txc-apikey');
  const payload = header(headers, 'x-txc-payload');
  const signature = header(headers, 'x-txc-signature');
  if (!apiKey || !payload || !signature) throw unauthorized();
  const key = state.keysByPublic.get(apiKey);
  if (!key) throw unauthorized();
  if (payload !== raw.toString('base64')) throw unauthorized('Invalid payload');
  const expected = Buffer.from(sign(payload, key.apiSecret), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw unauthorized();
  if (!key.enabled) throw new ApiError(403, { code: 0, message: KEY_DISABLED, errors: {} });

  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw validationError({ request: ['The request body must be a JSON object.'] });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw validationError({ request: ['The request body must be a JSON object.'] });
  const fields = body as Body;
  if (fields['request'] !== path)
    throw validationError({ request: ['The request field must equal the called path.'] });
  checkNonce(state, key, fields);
  return { key, body: fields };
}

function checkNonce(state: SandboxState, key: ApiKey, body: Body): void {
  const raw = body['nonce'];
  if (raw === undefined || raw === null || raw === '')
    throw new ApiError(422, { code: 30, message: NONCE_MISSING, errors: { nonce: [NONCE_MISSING] } });
  // the live service also takes the nonce as a string of digits (as ccxt sends it)
  const nonce = typeof raw === 'string' && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : raw;
  if (typeof nonce !== 'number' || !Number.isSafeInteger(nonce) || nonce <= 0)
    throw validationError({ nonce: ['The nonce must be an integer.'] });
  const windowFlag = body['nonceWindow'];
  if (windowFlag !== undefined && typeof windowFlag !== 'boolean')
    throw validationError({ nonceWindow: ['The nonceWindow field must be true or false.'] });
  const now = state.now();
  if (windowFlag === true) {
    if (Math.abs(nonce - now) > NONCE_WINDOW_MS)
      throw new ApiError(422, {
        code: 30,
        message: NONCE_OUT_OF_WINDOW,
        errors: { nonce: [NONCE_OUT_OF_WINDOW] },
      });
    for (const [n, at] of key.windowNonces) {
      if (now - at <= 2 * NONCE_WINDOW_MS + 1000) break;
      key.windowNonces.delete(n);
    }
    if (key.windowNonces.has(nonce)) throw nonceReplay();
    key.windowNonces.set(nonce, now);
  } else if (nonce <= key.lastNonce) {
    throw nonceReplay();
  }
  if (nonce > key.lastNonce) key.lastNonce = nonce;
}
