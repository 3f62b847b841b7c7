// The app's WebSocket client under push load, against a local JSON-RPC server that answers
// authorize/subscribe and then streams prebuilt update frames:
//   ws.client.frames_per_s      update frames parsed and dispatched to listeners per second
//                               (baseline: a bare `ws` socket doing JSON.parse only)
//   ws.client.loop_delay_p99_ms p99 main event-loop delay (monitorEventLoopDelay) while 50 markets stream
//                               premiumIndex every 0.5 s and depth diffs at 20/s, through the coalescer
//                               (baseline: the same measurement with no stream)
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { PushCoalescer, WsClient } from '../../main/exchange/ws/index.ts';
import type { Bench } from './harness.ts';

const FRAMES = 200_000;
const MARKETS = Array.from({ length: 50 }, (_, i) => `M${String(i).padStart(2, '0')}_PERP`);

function depthFrame(i: number): string {
  const m = MARKETS[i % MARKETS.length] as string;
  const p = (1000 + (i % 97)).toFixed(2);
  return JSON.stringify({
    id: null,
    method: 'depth_update',
    params: [
      false,
      {
        timestamp: 1_763_798_400 + i / 1000,
        asks: [[p, '0.5']],
        bids: [[(999 - (i % 89)).toFixed(2), '1.25']],
        update_id: i + 1,
        past_update_id: i,
      },
      m,
    ],
  });
}

function premiumFrame(m: string, i: number): string {
  return JSON.stringify({
    id: null,
    method: 'premiumIndex_update',
    params: [
      m,
      {
        mark_price: (1000 + i).toFixed(2),
        index_price: (1000 + i).toFixed(2),
        funding_rate: '0.0001',
        next_funding_time: 1_763_800_000,
        time: 1_763_798_400 + i,
      },
    ],
  });
}

interface Server {
  url: string;
  /** The connected client socket (after it authorized). */
  peer(): Promise<WebSocket>;
  close(): Promise<void>;
}

async function rpcServer(): Promise<Server> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  let resolvePeer: (ws: WebSocket) => void = () => undefined;
  const peer = new Promise<WebSocket>((r) => (resolvePeer = r));
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const req = JSON.parse(data.toString()) as { id: number; method: string };
      const result = req.method === 'ping' ? 'pong' : { status: 'success' };
      ws.send(JSON.stringify({ id: req.id, result, error: null }));
      if (req.method === 'authorize') resolvePeer(ws);
    });
  });
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    peer: () => peer,
    close: () =>
      new Promise((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
}

/** Streams `frames` in chunks, yielding between chunks so the receiving side runs. */
async function blast(ws: WebSocket, frames: readonly string[]): Promise<void> {
  for (let i = 0; i < frames.length; i += 2000) {
    for (let j = i; j < Math.min(frames.length, i + 2000); j++) ws.send(frames[j] as string);
    await new Promise((r) => setImmediate(r));
  }
}

async function clientRate(frames: readonly string[]): Promise<number> {
  const server = await rpcServer();
  const client = new WsClient({ url: server.url, token: () => Promise.resolve('bench-token') });
  let seen = 0;
  let done: () => void = () => undefined;
  const finished = new Promise<void>((r) => (done = r));
  client.subscribe('depth', '*', () => {
    if (++seen === frames.length) done();
  });
  client.start();
  await client.live();
  const ws = await server.peer();
  const start = process.hrtime.bigint();
  await blast(ws, frames);
  await finished;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  client.stop();
  await server.close();
  return frames.length / seconds;
}

async function bareRate(frames: readonly string[]): Promise<number> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const { port } = wss.address() as AddressInfo;
  const connected = new Promise<WebSocket>((r) => wss.once('connection', (ws) => r(ws)));
  const sock = new WebSocket(`ws://127.0.0.1:${port}`);
  let seen = 0;
  let done: () => void = () => undefined;
  const finished = new Promise<void>((r) => (done = r));
  sock.on('message', (data) => {
    JSON.parse(data.toString());
    if (++seen === frames.length) done();
  });
  await new Promise((r) => sock.once('open', r));
  const ws = await connected;
  const start = process.hrtime.bigint();
  await blast(ws, frames);
  await finished;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  sock.terminate();
  await new Promise<void>((r) => wss.close(() => r()));
  return frames.length / seconds;
}

async function loopDelayP99(withLoad: boolean, seconds: number): Promise<number> {
  const server = await rpcServer();
  const client = new WsClient({ url: server.url, token: () => Promise.resolve('bench-token') });
  let batches = 0;
  const coalescer = new PushCoalescer({ windowMs: 150, sink: () => batches++ });
  for (const m of MARKETS) {
    client.subscribe('premiumIndex', m, (p) => coalescer.add('premiumIndex', p));
    client.subscribe('depth', m, (p) => coalescer.add('depth', p));
  }
  client.start();
  await client.live();
  const ws = await server.peer();
  const timers: NodeJS.Timeout[] = [];
  let tick = 0;
  if (withLoad) {
    timers.push(
      setInterval(() => {
        for (const m of MARKETS) ws.send(premiumFrame(m, tick));
      }, 500),
    );
    // 50 markets x 20 depth diffs per second
    timers.push(
      setInterval(() => {
        for (let i = 0; i < MARKETS.length; i++) ws.send(depthFrame(tick * MARKETS.length + i));
        tick++;
      }, 50),
    );
  }
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  h.disable();
  for (const t of timers) clearInterval(t);
  client.stop();
  await server.close();
  return h.percentile(99) / 1e6;
}

const bench: Bench = {
  name: 'ws',
  async run() {
    const frames = Array.from({ length: FRAMES }, (_, i) => depthFrame(i));
    await clientRate(frames.slice(0, 20_000)); // warm-up
    const ours = await clientRate(frames);
    const bare = await bareRate(frames);
    const idle = await loopDelayP99(false, 3);
    const loaded = await loopDelayP99(true, 5);
    return [
      {
        name: 'ws.client.frames_per_s',
        value: Math.round(ours),
        unit: 'frames/s',
        baseline: Math.round(bare),
        note: `${FRAMES} depth_update frames over loopback, parsed and dispatched to a listener; target >= 50000; baseline: bare ws + JSON.parse`,
      },
      {
        name: 'ws.client.loop_delay_p99_ms',
        value: Number(loaded.toFixed(2)),
        unit: 'ms',
        baseline: Number(idle.toFixed(2)),
        note: `50 markets: premiumIndex every 0.5 s + depth diffs 20/s each, coalesced (150 ms window), 5 s; target < 10; baseline: no stream`,
      },
    ];
  },
};

export default bench;
