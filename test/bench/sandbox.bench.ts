// sandbox.engine.orders_per_s: limit orders placed through the sandbox engine in-process (request
// validation excluded; order records, spot settlement with fees, deals), random prices near the mid so many
// of them match. Baseline: the bare price-time book (add + match) fed the same orders.
// sandbox.http.orders_per_s: signed order/new requests answered per second by the sandbox in its own
// process on loopback (node:http keep-alive client, 4 keys, 64 in flight, ioc orders so balances never
// run out; 10,000 requests stay inside each key's 10,000-per-10-s order budget). Baseline: the same
// server answering an unauthenticated 404 (HTTP and JSON cost only).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Agent, request as httpRequest } from 'node:http';
import { Engine } from '../../main/sandbox/engine/engine.ts';
import type { PlaceRequest } from '../../main/sandbox/engine/engine.ts';
import { Book } from '../../main/sandbox/engine/book.ts';
import type { Resting } from '../../main/sandbox/engine/book.ts';
import { createState } from '../../main/sandbox/fixture.ts';
import type { Bench } from './harness.ts';

const CLI = new URL('../../main/sandbox/cli.ts', import.meta.url).pathname;

interface Spawned {
  rest: string;
  accounts: Array<{ label: string; apiKey: string; apiSecret: string }>;
  stop(): Promise<void>;
}

/** The sandbox in its own process, as `npm run sandbox` runs it, so it does not share our CPU. */
async function spawnSandbox(seed: number): Promise<Spawned> {
  const child = spawn(process.execPath, [CLI, '--port', '0', '--seed', String(seed)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${String(code)}`)));
  });
  const info = JSON.parse(line) as Omit<Spawned, 'stop'>;
  return {
    ...info,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const ENGINE_ORDERS = 300_000;
const HTTP_REQUESTS = 10_000;
const IN_FLIGHT = 64;

function orders(owners: string[]): PlaceRequest[] {
  let seed = 12345;
  const rnd = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const out: PlaceRequest[] = [];
  for (let i = 0; i < ENGINE_ORDERS; i++) {
    out.push({
      owner: owners[i % owners.length] as string,
      market: 'BTC_USDT',
      side: rnd() < 0.5 ? 'buy' : 'sell',
      type: 'limit',
      amount: BigInt(100 + Math.floor(rnd() * 900)), // 0.0001 .. 0.001 BTC
      price: BigInt(6_420_000 + Math.floor((rnd() - 0.5) * 2000) * 10), // 64100 .. 64300, tick 0.1
    });
  }
  return out;
}

function engineRate(): number {
  const state = createState(1, Date.now);
  // two accounts with room for every order, so the ledger runs on every fill
  for (const id of ['acc-2', 'acc-5']) {
    const a = state.accounts.get(id);
    if (!a) throw new Error('fixture account missing');
    for (const b of a.spot.values()) b.available *= 1000n;
  }
  const engine = new Engine(state);
  const reqs = orders(['acc-2', 'acc-5']);
  const t0 = performance.now();
  for (const r of reqs) engine.place(r);
  return ENGINE_ORDERS / ((performance.now() - t0) / 1000);
}

function bookRate(): number {
  const book = new Book();
  const reqs = orders(['a', 'b']);
  const noop = { fill: () => {}, stpCancel: () => {} };
  const t0 = performance.now();
  let id = 1;
  for (const r of reqs) {
    const taker = {
      owner: r.owner,
      side: r.side,
      price: r.price ?? null,
      left: r.amount,
      budget: null,
      retail: false,
      stp: 'no' as const,
    };
    book.match(taker, noop);
    if (taker.left > 0n) {
      const rest: Resting = {
        id: id++,
        owner: r.owner,
        side: r.side,
        price: r.price ?? 0n,
        left: taker.left,
        rpi: false,
      };
      book.add(rest);
    }
  }
  return ENGINE_ORDERS / ((performance.now() - t0) / 1000);
}

async function pump(
  total: number,
  send: (i: number) => Promise<number>,
): Promise<{ rate: number; failed: number }> {
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < total) {
        const status = await send(next++);
        if (status !== 200 && status !== 404) failed++;
      }
    }),
  );
  return { rate: total / ((performance.now() - t0) / 1000), failed };
}

function request(agent: Agent, rest: URL, path: string, body?: string, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        host: rest.hostname,
        port: rest.port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        agent,
        headers:
          body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function httpRates(): Promise<{ signed: number; bare: number; failed: number }> {
  const sb = await spawnSandbox(42);
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const rest = new URL(sb.rest);
  try {
    const keys = sb.accounts.filter((a) =>
      ['main', 'sub-alpha', 'sub-noretail', 'sub-maker'].includes(a.label),
    );
    const last = new Map<string, number>();
    const send = (i: number): Promise<number> => {
      const key = keys[i % keys.length] as (typeof keys)[number];
      // nonceWindow: unique per key and within 5 s of the server clock, so requests may overtake
      const nonce = Math.max((last.get(key.apiKey) ?? 0) + 1, Date.now() - 4000);
      last.set(key.apiKey, nonce);
      const body = JSON.stringify({
        request: '/api/v4/order/new',
        nonce,
        nonceWindow: true,
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.005',
        price: '1000',
        ioc: true,
      });
      const payload = Buffer.from(body).toString('base64');
      return request(agent, rest, '/api/v4/order/new', body, {
        'Content-Type': 'application/json',
        'X-TXC-APIKEY': key.apiKey,
        'X-TXC-PAYLOAD': payload,
        'X-TXC-SIGNATURE': createHmac('sha512', key.apiSecret).update(payload).digest('hex'),
      });
    };
    await pump(400, send); // warm-up
    const signed = await pump(HTTP_REQUESTS, send);
    const bare = await pump(HTTP_REQUESTS, () => request(agent, rest, '/api/v4/nothing-here'));
    return { signed: signed.rate, bare: bare.rate, failed: signed.failed };
  } finally {
    agent.destroy();
    await sb.stop();
  }
}

const bench: Bench = {
  name: 'sandbox',
  async run() {
    engineRate(); // warm-up
    const engine = engineRate();
    const book = bookRate();
    const http = await httpRates();
    return [
      {
        name: 'sandbox.engine.orders_per_s',
        value: Math.round(engine),
        unit: 'orders/s',
        baseline: Math.round(book),
        note: `${ENGINE_ORDERS} limit orders on BTC_USDT, two accounts, ledger and deals included; target >= 100000; baseline: bare book`,
      },
      {
        name: 'sandbox.http.orders_per_s',
        value: Math.round(http.signed),
        unit: 'orders/s',
        baseline: Math.round(http.bare),
        note: `${HTTP_REQUESTS} signed ioc order/new over loopback, ${IN_FLIGHT} in flight, 4 keys, ${http.failed} not 200; target >= 5000; baseline: unauthenticated 404`,
      },
    ];
  },
};

export default bench;
