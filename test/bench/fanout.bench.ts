// fanout.sub_balances.vs_floor: wall time of a balance fan-out over 300 sub-accounts (one
// sub-account/balances call each, on the main key) / the rate-limit floor of 300 requests at the
// exchange's 1,000 per 10 s; fanout.http_429: rate-limit answers seen (must be 0). Named apart from
// the desk board's bench (`board.bench.ts`, `desk`), so `npm run bench -- desk` runs that one alone.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore } from '../../main/core.ts';
import { MemorySecretStore } from '../../main/vault/secret-store.ts';
import { DeskService } from '../../main/features/desk/desk.ts';
import type { Bench } from './harness.ts';

const SUBS = 300;
const FLOOR_MS = (SUBS * 10_000) / 1_000;

const bench: Bench = {
  name: 'fanout',
  async run() {
    const core = await startCore({
      environment: {
        name: 'TXC Desk',
        version: 'bench',
        dataDir: mkdtempSync(join(tmpdir(), 'txc-desk-bench-')),
        runtime: 'node',
      },
      log: { log: () => undefined },
      secrets: new MemorySecretStore(),
      connection: { kind: 'sandbox', persist: false, extraSubAccounts: SUBS },
    });
    try {
      const accounts = core.accounts.registry.list();
      const main = accounts.find((a) => a.kind === 'main');
      const subs = accounts.filter((a) => a.kind === 'sub' && /^Sandbox sub-\d{3}$/.test(a.label));
      if (!main || subs.length !== SUBS)
        throw new Error(`expected ${SUBS} extra sub-accounts, got ${subs.length}`);
      const desk = new DeskService(core.accounts, core.connection);
      const start = performance.now();
      const results = await desk.subAccountBalances(
        main.id,
        subs.map((s) => s.subAccountId ?? ''),
      );
      const wallMs = performance.now() - start;
      const failed = results.filter((r) => !r.ok);
      const limited = (await core.cache.audit.list({ account: main.id, limit: 1000 })).filter(
        (e) => e.errorCode === 'rate_limited',
      ).length;
      if (failed.length > 0) throw new Error(`${failed.length} sub-account balance reads failed`);
      return [
        {
          name: 'fanout.sub_balances.vs_floor',
          value: Number((wallMs / FLOOR_MS).toFixed(3)),
          unit: 'ratio',
          baseline: FLOOR_MS,
          note: `${SUBS} sub-account balance reads on the main key in ${wallMs.toFixed(0)} ms; floor ${FLOOR_MS} ms = ${SUBS} requests at 1,000 per 10 s (the budget allows them at once, so the wall time can be below it); in-process sandbox`,
        },
        {
          name: 'fanout.http_429',
          value: limited,
          unit: 'answers',
          baseline: 0,
          note: 'rate-limit answers the fan-out received (the shared buckets queue instead)',
        },
      ];
    } finally {
      await core.close();
    }
  },
};

export default bench;
