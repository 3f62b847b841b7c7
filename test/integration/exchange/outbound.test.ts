// A desk's reads through the app's own client and connection pool (64 connections) against a sandbox
// that takes 2 s to answer each request: 192 reads at once, as a board refresh keeps out, go in
// three rounds. A request is signed only when a connection can carry it, so the last round is not
// 4 s old before it leaves and none is refused for a nonce outside the exchange's 5 s window; and an
// interactive request sent meanwhile goes in the first round, ahead of the reads still waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { CONNECTIONS_PER_ORIGIN } from '../../../main/exchange/http-send.ts';
import { startHarness, type Harness } from './support.ts';

const READS = 3 * CONNECTIONS_PER_ORIGIN;
const ANSWER_MS = 2_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ extraSubAccounts: READS, faults: { latencyMs: ANSWER_MS } });
});
afterAll(() => h.close());

const label = (i: number): string => `sub-${String(i + 1).padStart(3, '0')}`;

describe('a desk of reads through one connection pool', () => {
  it('signs each request when a connection can carry it: 192 reads of a slow exchange, none refused, an order ahead of them', async () => {
    const answered: string[] = [];
    const reads = Array.from({ length: READS }, (_, i) =>
      trading.tradeBalance(h.as(label(i)).inBackground()).then(() => answered.push(label(i))),
    );
    // A person's request, sent once the desk's reads are all out.
    let before = -1;
    const interactive = trading.tradeBalance(h.as('sub-alpha')).then(() => (before = answered.length));
    const settled = await Promise.allSettled([...reads, interactive]);
    expect(settled.filter((s) => s.status === 'rejected')).toHaveLength(0);

    const refused = h.audit.filter((a) => a.outcome !== 'ok');
    expect(refused.map((a) => `${a.path} ${a.outcome}`)).toEqual([]);
    expect(h.audit.filter((a) => a.path === '/api/v4/trade-account/balance')).toHaveLength(READS + 1);
    // Answered in the first round: fewer of the desk's reads came back before it than one round holds.
    expect(before).toBeGreaterThanOrEqual(0);
    expect(before).toBeLessThan(CONNECTIONS_PER_ORIGIN);
  }, 60_000);
});
