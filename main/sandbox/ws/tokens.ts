/**
 * One-time WebSocket tokens. The REST route `/api/v4/profile/websocket_token` issues them; this
 * registry learns each one (and the account of the key that asked) by watching that route's answers
 * on the sandbox's HTTP server, and `authorize` consumes it once.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { SandboxState } from '../state.ts';

export const TOKEN_PATH = '/api/v4/profile/websocket_token';

export class TokenRegistry {
  private readonly tokens = new Map<string, { accountId: string; issuedAt: number }>();
  private readonly ttlMs: number;
  private readonly state: SandboxState;

  constructor(state: SandboxState, ttlMs: number) {
    this.state = state;
    this.ttlMs = ttlMs;
  }

  issue(token: string, accountId: string): void {
    this.tokens.set(token, { accountId, issuedAt: this.state.now() });
  }

  /** The account the token was issued to, once; undefined for an unknown, used or expired token. */
  consume(token: string): string | undefined {
    const t = this.tokens.get(token);
    if (!t) return undefined;
    this.tokens.delete(token);
    if (this.state.now() - t.issuedAt > this.ttlMs) return undefined;
    return t.accountId;
  }

  /** Watches the token route's successful answers; returns the function that stops watching. */
  watch(server: Server): () => void {
    const listener = (req: IncomingMessage, res: ServerResponse): void => {
      const path = new URL(req.url ?? '/', 'http://sandbox.local').pathname.replace(/\/+$/, '');
      if (req.method !== 'POST' || path !== TOKEN_PATH) return;
      const header = req.headers['x-txc-apikey'];
      const apiKey = Array.isArray(header) ? header[0] : header;
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      (res as unknown as { end: (...args: unknown[]) => ServerResponse }).end = (...args: unknown[]) => {
        const chunk = args[0];
        if (res.statusCode === 200 && apiKey && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
          // the key is read now: a key reset between request and answer cannot mislead it
          const key = this.state.keysByPublic.get(apiKey);
          try {
            const body = JSON.parse(chunk.toString()) as { websocket_token?: unknown };
            if (key && typeof body.websocket_token === 'string')
              this.issue(body.websocket_token, key.accountId);
          } catch {
            // not a token answer
          }
        }
        return end(...args);
      };
    };
    server.prependListener('request', listener);
    return () => server.off('request', listener);
  }
}
