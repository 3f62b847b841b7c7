/**
 * The vault's parts against a sandbox whose clock the test turns: the first run reads every kind back
 * to the six-month horizon, the check finds the archive and the exchange alike over the window both
 * hold, and after the clock moves on past the horizon the archive still holds what the exchange no
 * longer serves (and says which part only it holds), while a second run adds only what is new.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache, type FamilyExtent } from '../../../main/cache/index.ts';
import { checkAccount } from '../../../main/features/vault/check.ts';
import { vaultParts } from '../../../main/features/vault/parts.ts';
import { HORIZON_S, syncDeals } from '../../../main/sync/deals.ts';
import { syncPositions } from '../../../main/sync/positions.ts';
import type { Harness } from '../exchange/support.ts';
import { clock, DAY_MS, historyHarness, makeHistory } from './exchange-history.ts';

const ACCOUNT = 'vault-main';
const END = Date.now() - DAY_MS;
const c = clock(END - 220 * DAY_MS);
let h: Harness;
let cache: Cache;
let sub = '';

beforeAll(async () => {
  h = await historyHarness(c);
  sub = h.sandbox.accounts.find((a) => a.label === 'sub-alpha')?.subAccountId ?? '';
  cache = await openCache({
    dataDir: mkdtempSync(join(tmpdir(), 'txc-vault-')),
    profile: 'vault',
    readWorkers: 1,
  });
  await makeHistory(h, c, END);
}, 120_000);
afterAll(async () => {
  await cache?.close();
  await h?.close();
});

/** One account's whole sync at the clock's time, as the history service runs it. */
async function syncAll(): Promise<void> {
  const now = () => Math.floor(c.ms / 1000);
  const signal = new AbortController().signal;
  const caller = h.as('main');
  await syncDeals({ cache, caller, account: ACCOUNT, now });
  await syncPositions({ cache, caller, account: ACCOUNT, now });
  for (const part of vaultParts({ subAccountsOf: () => [sub], now }))
    await part.run({ account: ACCOUNT, kind: 'main', caller, sink: cache, signal });
}

async function check() {
  const checkpoints = new Map((await cache.checkpoints.list()).map((x) => [x.job, x.cursor]));
  return checkAccount({
    cache,
    caller: h.as('main'),
    account: ACCOUNT,
    kind: 'main',
    subAccounts: [sub],
    checkpoints,
    now: Math.floor(c.ms / 1000),
  });
}

const family = (families: FamilyExtent[], name: string) => families.find((f) => f.family === name);

describe('the vault against the exchange', () => {
  it('reads every kind back to the horizon, and the check finds nothing missing or extra', async () => {
    await syncAll();
    const report = await check();
    for (const f of report.families) {
      expect(f, f.family).toMatchObject({ missingCount: 0, extraCount: 0 });
      expect(f.exchange, f.family).toBeGreaterThan(0);
      expect(f.archive, f.family).toBe(f.exchange);
    }
    expect(report.families.map((f) => f.family).sort()).toEqual(
      ['closed_pnl', 'converts', 'deals', 'funding', 'orders', 'positions', 'transfers', 'wallet'].sort(),
    );
    const [extent] = await cache.vault.extent([ACCOUNT], Math.floor(c.ms / 1000) - HORIZON_S);
    // deposits and transfers are served beyond six months: the archive has them from the start
    expect(family(extent?.families ?? [], 'wallet')?.archiveOnly).toBeGreaterThan(0);
    expect(family(extent?.families ?? [], 'orders')?.archiveOnly).toBe(0);
  });

  it('keeps what passes the horizon, says so, and a later run adds only what is new', async () => {
    const before = await cache.vault.extent([ACCOUNT], 0);
    // four months on, with some new trading: what was traded 150 days back is past the six months now
    c.set(END + 100 * DAY_MS);
    await makeHistory(h, c, END + 121 * DAY_MS, { trades: 2, days: [20, 5] });
    await syncAll();
    const now = Math.floor(c.ms / 1000);
    const [after] = await cache.vault.extent([ACCOUNT], now - HORIZON_S);
    for (const name of ['deals', 'orders', 'closed_pnl', 'funding', 'converts']) {
      const was = family(before[0]?.families ?? [], name);
      const is = family(after?.families ?? [], name);
      expect(is?.oldest, name).toBe(was?.oldest);
      expect(is?.archiveOnly, name).toBeGreaterThan(0);
      expect(is?.records, name).toBeGreaterThan(was?.records ?? 0);
    }
    // the exchange no longer serves the oldest: only the archive has them, and the check compares only the window both hold
    const report = await check();
    for (const f of report.families) expect(f, f.family).toMatchObject({ missingCount: 0, extraCount: 0 });
  });
});
