// The two clients the desk board's refresh is compared with, each sending the same reads of every
// account against the same sandbox process (`board.bench.ts`):
// - ccxt (the peer a desk would otherwise script its board with): its whitebit client unchanged, one
//   instance per account (markets loaded once and handed to every instance with `setMarkets`), its own
//   rate limiter off and its own nonce (the clock's millisecond, no window). It reads what the board
//   reads: `fetchBalance` spot and swap, `fetchPositions`, `fetchOpenOrders`. Without a window the
//   exchange refuses a nonce at or below the key's last one, so one key's four reads go one after
//   another, each once the clock has passed the millisecond of the one before; 192 accounts at a time,
//   so 192 requests in flight as the app. A read that meets a network error (a kept-alive connection
//   the exchange closed as it was reused) is sent again, up to 3 times, and counted.
// - a bare client, a reference with no goal: node:crypto HMAC-SHA512 signing, undici, 192 in flight
//   on 64 connections, no limiter, no check of the answers, nothing kept.
import { createHmac } from 'node:crypto';
import ccxt from 'ccxt';
import { Agent, request } from 'undici';
import { whitebitOn, type Key, type Whitebit } from '../support/ccxt.ts';

export const READ_PATHS = [
  '/api/v4/trade-account/balance',
  '/api/v4/collateral-account/balance',
  '/api/v4/collateral-account/positions/open',
  '/api/v4/orders',
];
/** Requests out at once, as the app's refresh holds them. */
export const IN_FLIGHT = 192;

/** What one client's run of every account's reads took. */
export interface PeerRun {
  ms: number;
  /** CPU time of this process's thread (where the client runs) during the run. */
  cpuMs: number;
  requests: number;
  /** The highest nonce it sent: the exchange refuses a lower one without a window. */
  lastNonce: number;
  /** Reads sent again after a network error (ccxt only). */
  resent?: number;
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.threadCpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Resolves once the clock has passed `lastNonce`, so the next client's nonces are above it. */
export function untilNoncesPassed(lastNonce: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, lastNonce + 1 - Date.now())));
}

/** The reads from a bare client; its nonces lead the clock by 1 s (a window nonce may). */
export async function bareClient(rest: string, keys: readonly Key[]): Promise<PeerRun> {
  const agent = new Agent({ connections: 64 });
  const jobs = keys.flatMap((k) => READ_PATHS.map((path, i) => ({ ...k, path, i })));
  let next = 0;
  let failed = 0;
  let lastNonce = 0;
  const cpu = process.threadCpuUsage();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (!job) break;
        const nonce = Date.now() + 1_000 + job.i;
        lastNonce = Math.max(lastNonce, nonce);
        const body = JSON.stringify({
          request: job.path,
          nonce,
          nonceWindow: true,
          ...(job.path === '/api/v4/orders' ? { limit: 100 } : {}),
        });
        const payload = Buffer.from(body).toString('base64');
        const answer = await request(`${rest}${job.path}`, {
          method: 'POST',
          dispatcher: agent,
          body,
          headers: {
            'Content-Type': 'application/json',
            'X-TXC-APIKEY': job.apiKey,
            'X-TXC-PAYLOAD': payload,
            'X-TXC-SIGNATURE': createHmac('sha512', job.apiSecret).update(payload).digest('hex'),
          },
        });
        await answer.body.json();
        if (answer.statusCode !== 200) failed += 1;
      }
    }),
  );
  const ms = performance.now() - start;
  const cpuMs = cpuMsSince(cpu);
  await agent.close();
  if (failed > 0) throw new Error(`${String(failed)} bare requests failed`);
  return { ms, cpuMs, requests: jobs.length, lastNonce };
}

/** One ccxt instance per account, the markets loaded once and shared; `close` ends their connections. */
export async function ccxtDesk(
  rest: string,
  keys: readonly Key[],
): Promise<{ run(): Promise<PeerRun>; close(): Promise<void> }> {
  const first = whitebitOn(rest, keys[0] as Key);
  await first.loadMarkets();
  const instances = keys.map((key, i) => {
    if (i === 0) return first;
    const exchange = whitebitOn(rest, key);
    // ccxt types its second parameter as `undefined`; its code takes the currencies there.
    exchange.setMarkets(first.markets, first.currencies as never);
    return exchange;
  });
  const reads: ReadonlyArray<(e: Whitebit) => Promise<unknown>> = [
    (e) => e.fetchBalance({ type: 'spot' }),
    (e) => e.fetchBalance({ type: 'swap' }),
    (e) => e.fetchPositions(),
    (e) => e.fetchOpenOrders(undefined, undefined, 100),
  ];
  /** The nonce of the instance's last request (it signs with the clock's millisecond). */
  const nonceOf = (e: Whitebit): number =>
    Number((JSON.parse(String(e.last_request_body)) as { nonce: string }).nonce);
  /** Waits while the clock is still at `nonce`, so the next nonce is above it. */
  const past = async (nonce: number) => {
    while (Date.now() <= nonce) await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    async run() {
      let next = 0;
      let lastNonce = 0;
      let resent = 0;
      const cpu = process.threadCpuUsage();
      const start = performance.now();
      await Promise.all(
        Array.from({ length: Math.min(IN_FLIGHT, instances.length) }, async () => {
          while (next < instances.length) {
            const exchange = instances[next++] as Whitebit;
            for (const read of reads) {
              // A kept-alive connection the exchange closed as it was reused fails: sent again, as
              // a script would (each attempt with its own nonce).
              for (let attempt = 1; ; attempt++) {
                try {
                  await read(exchange);
                  break;
                } catch (error) {
                  if (!(error instanceof ccxt.NetworkError) || attempt === 3) throw error;
                  resent += 1;
                } finally {
                  const nonce = nonceOf(exchange);
                  lastNonce = Math.max(lastNonce, nonce);
                  await past(nonce);
                }
              }
            }
          }
        }),
      );
      const ms = performance.now() - start;
      const requests = instances.length * reads.length;
      return { ms, cpuMs: cpuMsSince(cpu), requests, lastNonce, resent };
    },
    async close() {
      await Promise.all(
        instances.map(async (e) => {
          await e.close();
          // Its connection pool, which `close` leaves open (undici's, made on its first request).
          await (e as unknown as { fetchDispatcher?: { close(): Promise<void> } }).fetchDispatcher?.close();
        }),
      );
    },
  };
}
