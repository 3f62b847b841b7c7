// The exchange client against ccxt's whitebit client and bare library calls, in the same run:
//   client.sign.vs_ccxt   our signing time / ccxt's sign() for the same order
//   client.orders.p99_ms  p99 latency placing orders at 1,000/s on one key for 10 s (sandbox in its own process)
//   client.orders.vs_ccxt our order throughput / ccxt createOrder's, same sandbox, same concurrency
import { limitOrder } from '../../main/exchange/endpoints/trading.ts';
import { KeyCaller } from '../../main/exchange/endpoints/shapes.ts';
import { ExchangeHttp } from '../../main/exchange/http.ts';
import { MemoryNonceStore, NonceRegistry } from '../../main/exchange/nonce.ts';
import { RateLimits } from '../../main/exchange/rate-limit.ts';
import { signRequest } from '../../main/exchange/signer.ts';
import { whitebitOn } from '../support/ccxt.ts';
import { percentile, type Bench, type BenchResult } from './harness.ts';
import { spawnSandbox } from './sandbox-process.ts';

type Key = { apiKey: string; apiSecret: string };

const ORDER = {
  market: 'BTC_USDT',
  side: 'buy' as const,
  amount: '0.0003',
  price: '20000',
  clientOrderId: 'bench-7f3a.01',
};

/**
 * Nanoseconds per call of `ours` and `theirs`, and their ratio, measured in alternating batches so
 * that the machine's drift (frequency, neighbours) falls on both alike: the ratio is the median of
 * the per-round ratios, the times the medians of each side.
 */
function compare(ours: () => unknown, theirs: () => unknown, batch = 2_000, rounds = 41) {
  const time = (fn: () => unknown): number => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) fn();
    return Number(process.hrtime.bigint() - start) / batch;
  };
  time(ours);
  time(theirs);
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const x = time(ours);
    const y = time(theirs);
    a.push(x);
    b.push(y);
    ratios.push(x / y);
  }
  const median = (v: number[]) =>
    percentile(
      v.sort((p, q) => p - q),
      50,
    );
  return { ours: median(a), theirs: median(b), ratio: median(ratios) };
}

/**
 * ccxt's whitebit client on the sandbox, set up for concurrent requests the way its options allow:
 * `nonceWindow` on and a nonce that never repeats (its default, the clock's millisecond, does under
 * concurrency), its own rate limiter off as ours is the one measured.
 */
function whitebit(rest: string, apiKey: string, apiSecret: string) {
  const exchange = whitebitOn(rest, { apiKey, apiSecret }, { nonceWindow: true });
  let last = 0;
  exchange.nonce = () => (last = Math.max(last + 1, Date.now()));
  return exchange;
}

function signing(): BenchResult[] {
  const secret = 'a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1';
  const credentials = { apiKey: 'bench-key', secret };
  let nonce = 1_763_798_400_000;
  const sign = () => signRequest(credentials, '/api/v4/order/new', nonce++, ORDER);
  const exchange = whitebit('http://127.0.0.1:1', 'bench-key', secret);
  const ccxtSign = () =>
    exchange.sign('order/new', ['v4', 'private'] as unknown as string, 'POST', {
      ...ORDER,
      nonceWindow: true,
    });
  const vsCcxt = compare(sign, ccxtSign, 500);
  return [
    {
      name: 'client.sign.vs_ccxt',
      value: Number(vsCcxt.ratio.toFixed(3)),
      unit: 'ratio',
      baseline: Number(vsCcxt.theirs.toFixed(0)),
      note: `ours ${vsCcxt.ours.toFixed(0)} ns per signed order, ccxt whitebit sign() ${vsCcxt.theirs.toFixed(0)} ns (baseline, ns); median of alternating rounds`,
    },
  ];
}

async function pacedOrders(rest: string, measured: Key, warmUp: Key): Promise<BenchResult> {
  const http = new ExchangeHttp({
    baseUrl: rest,
    nonces: new NonceRegistry({ store: new MemoryNonceStore() }),
    limits: new RateLimits(),
  });
  const caller = new KeyCaller(http, { apiKey: measured.apiKey, secret: measured.apiSecret });
  const warm = new KeyCaller(http, { apiKey: warmUp.apiKey, secret: warmUp.apiSecret });
  const rate = 1_000;
  const seconds = 10;
  // Two seconds at the same pace first, so connections are open and both processes are warm. On
  // another key: the measured key starts with its whole 10,000-per-10-s order budget.
  await paced(rate, 2 * rate, (i) => limitOrder(warm, { ...ORDER, clientOrderId: `w${i}` }));
  const { latencies, elapsed } = await paced(rate, rate * seconds, (i) =>
    limitOrder(caller, { ...ORDER, clientOrderId: `p${i}` }),
  );
  return {
    name: 'client.orders.p99_ms',
    value: Number(percentile(latencies, 99).toFixed(2)),
    unit: 'ms',
    baseline: null,
    note: `${latencies.length} limit orders paced at ${rate}/s on one key over ${elapsed.toFixed(1)} s after a 2 s warm-up; p50 ${percentile(latencies, 50).toFixed(2)} ms; sandbox in its own process`,
  };
}

/** Starts `count` calls at `rate` per second, each on time whatever the others do; sorted latencies. */
async function paced(
  rate: number,
  count: number,
  call: (i: number) => Promise<unknown>,
): Promise<{ latencies: number[]; elapsed: number }> {
  const latencies: number[] = [];
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    pending.push(
      call(i).then(() => {
        latencies.push(performance.now() - sent);
      }),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return { latencies, elapsed: (performance.now() - start) / 1000 };
}

async function throughput(
  concurrency: number,
  total: number,
  place: (i: number) => Promise<unknown>,
): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await place(next++);
    }),
  );
  return total / ((performance.now() - start) / 1000);
}

/** Each client on its own fresh key of the same sandbox (ccxt sends plain increasing nonces). */
async function versusCcxt(rest: string, ourKey: Key, theirKey: Key): Promise<BenchResult> {
  const concurrency = 16;
  const total = 2_000;
  const http = new ExchangeHttp({
    baseUrl: rest,
    nonces: new NonceRegistry({ store: new MemoryNonceStore() }),
    limits: new RateLimits(),
  });
  const caller = new KeyCaller(http, { apiKey: ourKey.apiKey, secret: ourKey.apiSecret });
  const exchange = whitebit(rest, theirKey.apiKey, theirKey.apiSecret);
  await exchange.loadMarkets();
  await limitOrder(caller, { ...ORDER, clientOrderId: 'warm' });
  await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.0003, 20000);
  const ours = await throughput(concurrency, total, (i) =>
    limitOrder(caller, { ...ORDER, clientOrderId: `o${i}` }),
  );
  const theirs = await throughput(concurrency, total, () =>
    exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.0003, 20000),
  );
  return {
    name: 'client.orders.vs_ccxt',
    value: Number((ours / theirs).toFixed(2)),
    unit: 'ratio',
    baseline: Number(theirs.toFixed(0)),
    note: `ours ${ours.toFixed(0)} orders/s, ccxt createOrder ${theirs.toFixed(0)} orders/s (baseline), ${total} orders each at concurrency ${concurrency}`,
  };
}

const bench: Bench = {
  name: 'client',
  async run() {
    const results = signing();
    const sandbox = await spawnSandbox();
    try {
      const key = (label: string): Key => {
        const account = sandbox.accounts.find((a) => a.label === label);
        if (!account) throw new Error(`the sandbox fixture has no ${label} account`);
        return account;
      };
      const maker = key('sub-maker');
      results.push(await pacedOrders(sandbox.rest, maker, key('main')));
      results.push(await versusCcxt(sandbox.rest, key('sub-alpha'), key('main')));
    } finally {
      await sandbox.stop();
    }
    return results;
  },
};

export default bench;
