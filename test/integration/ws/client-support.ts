/** The app's WebSocket client against a real sandbox, with a hand-driven reconnect timer. */
import { ExchangeHttp } from '../../../main/exchange/http.ts';
import { MemoryNonceStore, NonceRegistry } from '../../../main/exchange/nonce.ts';
import { RateLimits } from '../../../main/exchange/rate-limit.ts';
import { KeyCaller } from '../../../main/exchange/endpoints/shapes.ts';
import { websocketToken } from '../../../main/exchange/endpoints/profile.ts';
import { WsClient } from '../../../main/exchange/ws/index.ts';
import type { Timers, WsClientOptions, WsState } from '../../../main/exchange/ws/index.ts';
import { startSandbox } from '../../../main/sandbox/index.ts';
import type { Sandbox, SandboxOptions } from '../../../main/sandbox/index.ts';
import { attachWebSocket } from '../../../main/sandbox/ws/index.ts';
import type { SandboxWs, WsOptions } from '../../../main/sandbox/ws/index.ts';

/** Timers whose reconnect waits run only when the test says so; other waits never fire. */
export class HeldTimers implements Timers {
  readonly waiting = new Map<number, { fn: () => void; ms: number }>();
  private next = 1;

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.waiting.set(id, { fn, ms });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.waiting.delete(handle as number);
  }

  /** Runs every wait scheduled so far for at most `maxMs` (the reconnect backoff), returns how many. */
  release(maxMs = 60_000): number {
    let n = 0;
    for (const [id, t] of [...this.waiting]) {
      if (t.ms > maxMs) continue;
      this.waiting.delete(id);
      t.fn();
      n++;
    }
    return n;
  }
}

export interface ClientHarness {
  sandbox: Sandbox;
  ws: SandboxWs;
  http: ExchangeHttp;
  caller(label: string): KeyCaller;
  client(label: string, options?: Partial<WsClientOptions>): { client: WsClient; states: WsState[] };
  /** Moves the shared clock of sandbox and nonces forward (token limit: 10 per 60 s). */
  advance(ms: number): void;
  close(): Promise<void>;
}

export async function startClientHarness(
  options: SandboxOptions = {},
  wsOptions: WsOptions = {},
): Promise<ClientHarness> {
  let offset = 0;
  const now = (): number => Date.now() + offset;
  const sandbox = await startSandbox({ port: 0, seed: 42, simulate: false, now, ws: false, ...options });
  const ws = attachWebSocket(sandbox, { pollMs: 20, ...wsOptions });
  const http = new ExchangeHttp({
    baseUrl: sandbox.rest,
    nonces: new NonceRegistry({ store: new MemoryNonceStore(), now }),
    limits: new RateLimits({
      now,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    }),
    sleep: () => Promise.resolve(),
  });
  const clients: WsClient[] = [];
  const caller = (label: string): KeyCaller => {
    const a = sandbox.accounts.find((x) => x.label === label);
    if (!a) throw new Error(`no sandbox account ${label}`);
    return new KeyCaller(http, { apiKey: a.apiKey, secret: a.apiSecret });
  };
  return {
    sandbox,
    ws,
    http,
    caller,
    client(label, extra = {}) {
      const c = caller(label);
      const states: WsState[] = [];
      const client = new WsClient({
        url: sandbox.ws,
        token: () => websocketToken(c),
        onState: (s) => states.push(s),
        ...extra,
      });
      clients.push(client);
      return { client, states };
    },
    advance(ms) {
      offset += ms;
    },
    async close() {
      for (const c of clients) c.stop();
      await ws.close();
      await sandbox.close();
    },
  };
}
