/**
 * kill -9 in the middle of a whole account's history sync (deals, position records and every part of
 * the vault), a dozen times at different pages: each time the file is sound and the sync resumes from
 * its checkpoints; once a run completes, the archive holds exactly what the exchange serves, family
 * by family: nothing lost, nothing doubled.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFilePath, openCache } from '../../../main/cache/index.ts';
import { checkAccount } from '../../../main/features/vault/check.ts';
import type { Harness } from '../exchange/support.ts';
import { clock, DAY_MS, historyHarness, makeHistory } from './exchange-history.ts';
import { ACCOUNT } from './vault-child.ts';

const child = new URL('./vault-child.ts', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'txc-vault-crash-'));
const c = clock(Date.now() - 215 * DAY_MS);
let h: Harness;
let sub = '';

beforeAll(async () => {
  h = await historyHarness(c);
  sub = h.sandbox.accounts.find((a) => a.label === 'sub-alpha')?.subAccountId ?? '';
  await makeHistory(h, c, Date.now() - DAY_MS);
  c.follow();
  // every answer takes a few milliseconds, as the exchange's do: a kill lands between pages and inside them
  h.sandbox.control.setFaults({ latencyMs: 8 });
}, 120_000);
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the sync; with `killAfter`, SIGKILL a few ms after that many pages were stored. */
function run(killAfter?: number, delayMs = 0): Promise<{ pages: number; done: boolean }> {
  const main = h.sandbox.accounts.find((a) => a.label === 'main');
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [child, dir, h.sandbox.rest, main?.apiKey ?? '', main?.apiSecret ?? '', sub],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let pages = 0;
    let done = false;
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (text: string) => {
      for (const line of text.split('\n')) {
        if (line === 'page') pages++;
        if (line === 'done') done = true;
      }
      if (killAfter !== undefined && pages >= killAfter && proc.exitCode === null)
        setTimeout(() => proc.kill('SIGKILL'), delayMs);
    });
    proc.once('error', reject);
    proc.once('exit', () => resolve({ pages, done }));
  });
}

function integrity(): string {
  const db = new Database(cacheFilePath(dir, 'vault'), { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}

describe('kill -9 in the middle of a whole history sync', () => {
  it('leaves a sound file each time, and the run that completes holds what the exchange serves, once', async () => {
    let kills = 0;
    const stored: number[] = [];
    // each run goes on from the checkpoints the one before left: a few pages further every time
    for (const [round, at] of [3, 8, 5, 11, 6, 9, 4, 12, 7, 10].entries()) {
      const { done, pages } = await run(at, (round * 5) % 13);
      stored.push(pages);
      if (!done) kills++;
      expect(integrity()).toBe('ok');
    }
    expect(kills, `pages stored by each run: ${stored.join(', ')}`).toBeGreaterThanOrEqual(8);
    expect((await run()).done).toBe(true);

    const cache = await openCache({ dataDir: dir, profile: 'vault', readWorkers: 0 });
    try {
      const checkpoints = new Map((await cache.checkpoints.list()).map((x) => [x.job, x.cursor]));
      const report = await checkAccount({
        cache,
        caller: h.as('main'),
        account: ACCOUNT,
        kind: 'main',
        subAccounts: [sub],
        checkpoints,
        now: Math.floor(Date.now() / 1000),
      });
      for (const f of report.families) {
        expect(f, f.family).toMatchObject({ missingCount: 0, extraCount: 0 });
        expect(f.exchange, f.family).toBeGreaterThan(0);
      }
      // one row per identity: every deal once, every vault record once
      const db = new Database(cache.file, { readonly: true });
      const deals = db.prepare('SELECT count(*) AS n, count(DISTINCT id) AS d FROM deals').get() as {
        n: number;
        d: number;
      };
      const records = db
        .prepare("SELECT count(*) AS n, count(DISTINCT kind || ' ' || key) AS d FROM vault_records")
        .get() as {
        n: number;
        d: number;
      };
      db.close();
      expect(deals.n).toBe(deals.d);
      expect(deals.n).toBe(report.families.find((f) => f.family === 'deals')?.archive);
      expect(records.n).toBe(records.d);
    } finally {
      await cache.close();
    }
  }, 240_000);
});
