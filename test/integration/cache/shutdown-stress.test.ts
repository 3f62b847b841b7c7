// The cache's worker threads ended every way a desktop app ends them, many times, in child processes:
// a core started and closed while it writes, the process ending mid-write and mid-read, a close not
// waited for, workers terminated during a call. Every process ends by itself (no SIGSEGV, SIGABRT or
// SIGTRAP), and every cache file it leaves passes SQLite's integrity check.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Mode } from './shutdown-child.ts';

const child = new URL('./shutdown-child.ts', import.meta.url).pathname;
const root = mkdtempSync(join(tmpdir(), 'txc-shutdown-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Ended {
  mode: Mode;
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

function run(mode: Mode, dataDir: string, seed: number): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, mode, dataDir, String(seed)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (text: string) => (stderr = (stderr + text).slice(-2_000)));
    proc.once('error', reject);
    proc.once('exit', (code, signal) => resolve({ mode, code, signal, stderr }));
  });
}

/** Every SQLite file under `dir`, checked as SQLite checks itself. */
function integrity(dir: string): string[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.sqlite'));
  return files.map((f) => {
    const db = new Database(join(dir, f), { readonly: true });
    try {
      return `${f}: ${String(db.pragma('integrity_check', { simple: true }))}`;
    } finally {
      db.close();
    }
  });
}

describe('ending the cache workers', () => {
  it('never crashes the process and never corrupts the cache, however they are ended', async () => {
    const plan: Array<[Mode, number]> = [
      ['core', 1],
      ['exit-mid-write', 2],
      ['close-not-awaited', 1],
      ['terminate-mid-call', 1],
    ];
    const ended: Ended[] = [];
    let seed = 1;
    // Two at a time, as busy as a loaded desk machine gets.
    const queue = plan.flatMap(([mode, times]) => Array.from({ length: times }, () => mode));
    const dirs: string[] = [];
    await Promise.all(
      [0, 1].map(async () => {
        for (let mode = queue.shift(); mode; mode = queue.shift()) {
          const dir = join(root, `${mode}-${String(seed)}`);
          dirs.push(dir);
          ended.push(await run(mode, dir, seed++));
        }
      }),
    );
    const crashed = ended.filter((e) => e.code !== 0 || e.signal !== null);
    expect(
      crashed.map((e) => `${e.mode}: code ${String(e.code)} signal ${String(e.signal)}\n${e.stderr}`),
    ).toEqual([]);
    expect(ended).toHaveLength(5);
    for (const dir of dirs.filter(existsSync))
      for (const check of integrity(dir)) expect(check).toMatch(/: ok$/);
    // About 22 s of processor time in all (measured): some 12 s on an idle two-core machine; the
    // limit leaves room for a machine shared with other work.
  }, 120_000);
});
