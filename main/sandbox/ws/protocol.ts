/** JSON-RPC frames of the exchange's WebSocket: requests, answers, pushes and the error numbers. */

export interface RpcRequest {
  id: number | string | null;
  method: string;
  params: unknown[];
}

export interface RpcError {
  code: number;
  message: string;
}

/** Protocol errors (the order methods number their own failures, see orders.ts). */
export const WS_ERRORS = {
  invalidArgument: { code: 1, message: 'Invalid argument' },
  internal: { code: 2, message: 'Internal error' },
  unavailable: { code: 3, message: 'Service unavailable' },
  methodNotFound: { code: 4, message: 'Method not found' },
  timeout: { code: 5, message: 'Timeout' },
  authRequired: { code: 6, message: 'Authentication required' },
  tooManyRequests: { code: 7, message: 'Too many requests' },
} as const satisfies Record<string, RpcError>;

/** A failure answered to one request; the connection stays open. */
export class RpcFailure extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export function invalidArgument(message: string): RpcFailure {
  return new RpcFailure(WS_ERRORS.invalidArgument.code, message);
}

/** Parses one text frame; null when it is not a request (the connection is then closed). */
export function parseRequest(text: string): RpcRequest | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v['method'] !== 'string') return null;
  const id = v['id'];
  if (id !== undefined && id !== null && typeof id !== 'number' && typeof id !== 'string') return null;
  const params = v['params'] ?? [];
  return {
    id: (id as number | string | undefined) ?? null,
    method: v['method'],
    params: Array.isArray(params) ? params : [params],
  };
}

export function answer(id: RpcRequest['id'], result: unknown): string {
  return JSON.stringify({ id, result, error: null });
}

export function failure(id: RpcRequest['id'], error: RpcError): string {
  return JSON.stringify({ id, result: null, error: { code: error.code, message: error.message } });
}

export function push(method: string, params: unknown): string {
  return JSON.stringify({ id: null, method, params });
}

export const SUCCESS = { status: 'success' } as const;

/** Reads params as a list of strings (markets, tickers). */
export function stringList(params: unknown[], what: string): string[] {
  const flat = params.length === 1 && Array.isArray(params[0]) ? (params[0] as unknown[]) : params;
  for (const p of flat) if (typeof p !== 'string') throw invalidArgument(`${what} must be strings`);
  return flat as string[];
}

/** An optional non-negative integer param. */
export function intParam(v: unknown, fallback: number, min: number, max: number, what: string): number {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max)
    throw invalidArgument(`${what} must be an integer from ${min} to ${max}`);
  return v;
}
