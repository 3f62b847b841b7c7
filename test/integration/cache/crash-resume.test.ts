import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheFilePath } from '../../../main/cache/index.ts';
import { JOB, TOTAL } from './crash-child.ts';

const child = new URL('./crash-child.ts', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'txc-cache-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * Runs the sync; with `killAfterPages`, sends SIGKILL a few milliseconds after that many pages.
 * `answered` is the offset after the last page the cache answered as stored.
 */
function runSync(killAfterPages?: number, delayMs = 0): Promise<{ finished: boolean; answered: number }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let pages = 0;
    let answered = 0;
    let finished = false;
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (text: string) => {
      for (const line of text.split('\n')) {
        if (line.startsWith('page ')) {
          pages++;
          answered = Number(line.slice(5));
        }
        if (line === 'done') finished = true;
      }
      if (killAfterPages !== undefined && pages >= killAfterPages && proc.exitCode === null) {
        setTimeout(() => proc.kill('SIGKILL'), delayMs);
      }
    });
    proc.once('error', reject);
    proc.once('exit', () =>
      resolve(killAfterPages === undefined ? { finished, answered: 0 } : { finished, answered }),
    );
  });
}

function inspect(): { integrity: string; count: number; distinct: number; offset: number } {
  const db = new Database(cacheFilePath(dataDir, 'crash'));
  try {
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    const { count, distinct } = db
      .prepare(`SELECT count(*) AS count, count(DISTINCT account_ref || ':' || id) AS "distinct" FROM deals`)
      .get() as { count: number; distinct: number };
    const row = db.prepare('SELECT cursor FROM sync_checkpoints WHERE job = ?').get(JOB) as
      { cursor: string } | undefined;
    const offset = row ? (JSON.parse(row.cursor) as { offset: number }).offset : 0;
    return { integrity, count, distinct, offset };
  } finally {
    db.close();
  }
}

describe('kill -9 in the middle of a large sync', () => {
  it('leaves a sound file whose checkpoint matches its rows after each of 20 kills, and resumes exactly', async () => {
    let kills = 0;
    let previous = 0;
    let lostGroups = 0;
    for (let round = 0; round < 20; round++) {
      // Kills land from a few pages into a run to past its first commits (pages are committed in
      // groups of up to 50 ms, deal-group.ts), at varying moments within a page.
      const { finished, answered } = await runSync(2 + (round % 4) * 7, (round * 7) % 23);
      if (!finished) kills++;
      const state = inspect();
      // Pages answered but not yet committed when the kill came are gone with their checkpoint.
      if (answered > state.offset) lostGroups++;
      expect(state.integrity).toBe('ok');
      expect(state.count).toBe(state.distinct);
      // The page and its checkpoint commit together: never rows without their checkpoint, or the reverse.
      expect(state.count).toBe(state.offset);
      expect(state.offset).toBeGreaterThanOrEqual(previous);
      previous = state.offset;
    }
    expect(kills).toBe(20);
    expect(lostGroups).toBeGreaterThan(0);
    expect(previous).toBeGreaterThan(0);
    expect(previous).toBeLessThan(TOTAL);
    expect(await runSync()).toEqual({ finished: true, answered: 0 });
    const end = inspect();
    expect(end).toEqual({ integrity: 'ok', count: TOTAL, distinct: TOTAL, offset: TOTAL });
  }, 180_000);
});
