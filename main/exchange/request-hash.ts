/**
 * The identity of a signed request apart from its nonce: the endpoint path and its fields in a
 * canonical form (keys sorted at every level, no spaces), and its SHA-256. The signed-request log
 * keeps the hash of every request sent, so the desk can tell which request an entry was without
 * keeping its body; a request written down before it is sent (a proposal another operator approves)
 * is matched to what is signed by the same hash.
 */
import { createHash } from 'node:crypto';
import type { RequestFields } from './signer.ts';

/** JSON with keys sorted at every level and no spaces: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return canonical(value);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The request without its nonce, in canonical JSON: `{"field":...,"request":"/api/v4/..."}`. */
export function canonicalRequest(path: string, fields: RequestFields): string {
  const { nonce: _nonce, nonceWindow: _window, ...rest } = fields as Record<string, unknown>;
  return canonical({ ...rest, request: path });
}

/** SHA-256 of the canonical request, in hex. */
export function requestHash(path: string, fields: RequestFields): string {
  return createHash('sha256').update(canonicalRequest(path, fields)).digest('hex');
}
