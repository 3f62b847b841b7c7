/**
 * The exact request an endpoint function would sign, without signing or sending it: the function is
 * run with a key caller that keeps its first request (path and fields) and stops there. A request
 * proposed for a second operator's approval is captured so, and later sent by the same function with
 * the same fields: what is approved is exactly what is signed (the sign gate checks its hash again).
 */
import type { z } from 'zod';
import type { ExchangeHttp } from '../http.ts';
import type { RestEndpoint } from '../registry/index.ts';
import { KeyCaller } from './shapes.ts';

export interface CapturedRequest {
  readonly path: string;
  readonly fields: Record<string, unknown>;
}

const STOP = Symbol('captured');

class CapturingCaller extends KeyCaller {
  captured: CapturedRequest | undefined;

  constructor() {
    super(undefined as unknown as ExchangeHttp, { apiKey: '', secret: '' });
  }

  override call<Q extends z.ZodType, A extends z.ZodType>(
    endpoint: RestEndpoint<Q, A>,
    fields: z.input<Q>,
  ): Promise<z.output<A>> {
    // A plain copy through JSON: what the team store keeps and gives back is the same value.
    const copy = JSON.parse(JSON.stringify(fields)) as Record<string, unknown>;
    this.captured = { path: endpoint.path, fields: copy };
    return Promise.reject(STOP as unknown as Error);
  }
}

/** The first request `run` would sign with a key caller (run is stopped there). */
export async function captureRequest(run: (caller: KeyCaller) => Promise<unknown>): Promise<CapturedRequest> {
  const caller = new CapturingCaller();
  try {
    await run(caller);
  } catch (error) {
    if (error !== STOP) throw error;
  }
  if (!caller.captured) throw new Error('the request to capture signed nothing');
  return caller.captured;
}
