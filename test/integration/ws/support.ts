/** A raw JSON-RPC WebSocket peer and a sandbox with its WebSocket attached, for the server's tests. */
import WebSocket from 'ws';
import { attachWebSocket } from '../../../main/sandbox/ws/index.ts';
import type { SandboxWs, WsOptions } from '../../../main/sandbox/ws/index.ts';
import type { SandboxOptions } from '../../../main/sandbox/index.ts';
import { start } from '../sandbox/support.ts';
import type { Harness } from '../sandbox/support.ts';

export interface Answer {
  id: number | string | null;
  result: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  error: { code: number; message: string } | null;
}

export interface Push {
  method: string;
  params: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export class Peer {
  readonly ws: WebSocket;
  readonly pushes: Push[] = [];
  closed: { code: number } | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number | string, (a: Answer) => void>();
  private readonly watchers = new Set<() => void>();

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Answer & Partial<Push>;
      if (frame.id === null && frame.method) this.pushes.push({ method: frame.method, params: frame.params });
      else if (frame.id !== null) this.waiting.get(frame.id)?.(frame);
      for (const w of this.watchers) w();
    });
    ws.on('close', (code) => {
      this.closed = { code };
      for (const w of this.watchers) w();
    });
  }

  static open(url: string): Promise<Peer> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const peer = new Peer(ws);
      ws.once('open', () => resolve(peer));
      ws.once('error', reject);
    });
  }

  call(method: string, params: unknown[] = []): Promise<Answer> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, (a) => {
        this.waiting.delete(id);
        resolve(a);
      });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Resolves once `test` holds (checked after every frame); the test timeout bounds the wait. */
  until<T>(test: () => T | undefined | false): Promise<T> {
    return new Promise((resolve) => {
      const check = (): void => {
        const v = test();
        if (v !== undefined && v !== false) {
          this.watchers.delete(check);
          resolve(v);
        }
      };
      this.watchers.add(check);
      check();
    });
  }

  /** The next push of `method` after `from` pushes (default: any push of it not yet seen by index). */
  push(method: string, match: (p: Push) => boolean = () => true, from = 0): Promise<Push> {
    return this.until(() => this.pushes.slice(from).find((p) => p.method === method && match(p)));
  }

  of(method: string): Push[] {
    return this.pushes.filter((p) => p.method === method);
  }

  close(): void {
    this.ws.terminate();
  }
}

export interface WsHarness extends Harness {
  ws: SandboxWs;
  url: string;
  /** A connection authorized as the account labelled `label` (token from the REST route). */
  authorized(label: string): Promise<Peer>;
  token(label: string): Promise<string>;
  close(): Promise<void>;
}

export async function startWs(options: SandboxOptions = {}, wsOptions: WsOptions = {}): Promise<WsHarness> {
  // The harness attaches its own WebSocket server, with test periods.
  const h = await start({ ws: false, ...options });
  const ws = attachWebSocket(h.sandbox, { pollMs: 20, ...wsOptions });
  const peers: Peer[] = [];
  const token = async (label: string): Promise<string> => {
    const r = await h.client(label).post('/api/v4/profile/websocket_token');
    if (r.status !== 200) throw new Error(`token: ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body as { websocket_token: string }).websocket_token;
  };
  return {
    ...h,
    ws,
    url: h.sandbox.ws,
    token,
    async authorized(label) {
      const peer = await Peer.open(h.sandbox.ws);
      peers.push(peer);
      const a = await peer.call('authorize', [await token(label), 'public']);
      if (a.error) throw new Error(`authorize: ${a.error.message}`);
      return peer;
    },
    async close() {
      for (const p of peers) p.close();
      await ws.close();
      await h.sandbox.close();
    },
  };
}
