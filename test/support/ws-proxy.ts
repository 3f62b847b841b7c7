import { WebSocket, WebSocketServer, type RawData } from 'ws';

/**
 * A WebSocket proxy on 127.0.0.1 in front of the exchange's WebSocket, which can lose one answer the
 * way a network does: the request reaches the exchange and is applied, its answer never comes back,
 * and the connection drops.
 */
export interface LossyWsProxy {
  readonly url: string;
  /** Loses the answer to the next request of this method, then drops that connection. */
  loseNextAnswerTo(method: string): void;
  /** How many answers it lost so far. */
  readonly lost: number;
  /**
   * Drops every connection now, as a network does, and refuses new ones until `resume()`; answers how
   * many it dropped.
   */
  dropAll(): number;
  /** Lets new connections through again after `dropAll()`. */
  resume(): void;
  close(): Promise<void>;
}

export async function lossyWsProxy(upstreamUrl: string): Promise<LossyWsProxy> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  let armed: string | undefined;
  let lost = 0;
  const pairs = new Set<WebSocket>();
  let refusing = false;
  server.on('connection', (client) => {
    if (refusing) {
      client.terminate();
      return;
    }
    const upstream = new WebSocket(upstreamUrl);
    pairs.add(upstream);
    const queued: RawData[] = [];
    const doomed = new Set<unknown>();
    upstream.on('open', () => {
      for (const data of queued.splice(0)) upstream.send(data);
    });
    client.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { id?: unknown; method?: string };
      if (armed !== undefined && frame.method === armed) {
        armed = undefined;
        doomed.add(frame.id);
      }
      if (upstream.readyState === WebSocket.OPEN) upstream.send(data);
      else queued.push(data);
    });
    upstream.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { id?: unknown };
      if (frame.id !== undefined && frame.id !== null && doomed.has(frame.id)) {
        lost++;
        client.terminate();
        upstream.terminate();
        return;
      }
      if (client.readyState === WebSocket.OPEN) client.send(data);
    });
    client.on('close', () => upstream.terminate());
    upstream.on('close', () => client.terminate());
    client.on('error', () => client.terminate());
    upstream.on('error', () => upstream.terminate());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `ws://127.0.0.1:${String(port)}/ws`,
    loseNextAnswerTo(method) {
      armed = method;
    },
    get lost() {
      return lost;
    },
    dropAll() {
      refusing = true;
      let n = 0;
      for (const c of server.clients) {
        c.terminate();
        n++;
      }
      for (const s of pairs) s.terminate();
      pairs.clear();
      return n;
    },
    resume() {
      refusing = false;
    },
    async close() {
      for (const s of pairs) s.terminate();
      for (const c of server.clients) c.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
