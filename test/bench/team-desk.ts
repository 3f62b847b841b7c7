/**
 * The desk's own measures, with real operator apps (cores) on one sandbox exchange and one PostgreSQL:
 *
 * - team.sync.requests_ratio: the signed exchange requests while five operators sync a 200-account
 *   desk (every operator starts the sync of every account at once), divided by those of one operator
 *   syncing the same desk alone, in the same run.
 * - team.notify_ms p95: an account renamed in operator A's app until the new name is on operator B's
 *   page in Chromium (B's app hears PostgreSQL's NOTIFY, reads the change, pushes it to its page).
 *   Baseline: PostgreSQL's own NOTIFY round trip between two connections, in the same run.
 */
import type { IncomingMessage } from 'node:http';
import { buildRenderer } from '../../scripts/build.ts';
import * as trading from '../../main/exchange/endpoints/trading.ts';
import { startSandbox, type Sandbox } from '../../main/sandbox/index.ts';
import { launchChromium } from '../e2e/chromium.ts';
import { startBrowserHost } from '../e2e/host.ts';
import { RENDERER_DIR } from '../e2e/paths.ts';
import { clientOf, type PostgresInfo } from '../support/postgres.ts';
import { passwordOf, roleRead, startDesk, type startOperatorCore, TEST_OPERATORS } from '../support/team.ts';
import { percentile, type BenchResult } from './harness.ts';
import { until, whenOnPage } from './page-wait.ts';

type Operator = Awaited<ReturnType<typeof startOperatorCore>>;

const DESK_ACCOUNTS = 200;
const RENAMES = 60;

/** Signed requests the sandbox receives while every core syncs every account. */
async function syncRequests(sandbox: Sandbox, cores: readonly Operator[]): Promise<number> {
  let requests = 0;
  const count = (req: IncomingMessage) => {
    if (typeof req.headers['x-txc-apikey'] === 'string') requests++;
  };
  sandbox.server.on('request', count);
  try {
    await Promise.all(cores.map((core) => core.history.start()));
    await Promise.all(cores.map((core) => core.history.idle()));
  } finally {
    sandbox.server.off('request', count);
  }
  return requests;
}

export async function measureSyncRatio(info: PostgresInfo): Promise<BenchResult> {
  const sandbox = await startSandbox({ port: 0, extraSubAccounts: DESK_ACCOUNTS, deskActivity: true });
  const cores: Operator[] = [];
  try {
    const accounts = sandbox.accounts.slice(0, DESK_ACCOUNTS);
    const {
      cores: [alone],
    } = await startDesk(info, sandbox, ['alice'], accounts);
    if (!alone) throw new Error('no core');
    cores.push(alone);
    // The orders below are a trader's (the bench grants alice the role).
    await roleRead(alone, 'trader');
    // History to read: market orders of the main account on two markets.
    const main = alone.accounts.registry.list().find((a) => a.kind === 'main');
    if (!main) throw new Error('no main account');
    const caller = await alone.accounts.caller(main.id);
    for (let i = 0; i < 40; i++)
      await trading.stockMarketOrder(caller, {
        market: i % 2 ? 'ETH_USDT' : 'BTC_USDT',
        side: i % 4 < 2 ? 'buy' : 'sell',
        amount: i % 2 ? '0.01' : '0.001',
      });
    const soloStarted = performance.now();
    const solo = await syncRequests(sandbox, [alone]);
    const soloS = (performance.now() - soloStarted) / 1000;
    const { cores: five } = await startDesk(info, sandbox, TEST_OPERATORS, accounts);
    cores.push(...five);
    const fiveStarted = performance.now();
    const together = await syncRequests(sandbox, five);
    const fiveS = (performance.now() - fiveStarted) / 1000;
    return {
      name: 'team.sync.requests_ratio',
      value: Number((together / solo).toFixed(3)),
      unit: 'ratio',
      baseline: solo,
      note: `${String(together)} signed exchange requests while five operators sync a ${String(accounts.length)}-account desk at once (${fiveS.toFixed(1)} s), vs ${String(solo)} when one operator syncs it alone (${soloS.toFixed(1)} s); goal <= 1.1`,
    };
  } finally {
    await Promise.all(cores.map((core) => core.close()));
    await sandbox.close();
  }
}

/**
 * A p95 of `times` (ms, from a change in one operator's app until it is on another's page: `what`)
 * against PostgreSQL's own NOTIFY round trip on the same server.
 */
export async function againstNotify(
  name: string,
  what: string,
  times: number[],
  info: PostgresInfo,
  database: string,
): Promise<BenchResult> {
  times.sort((x, y) => x - y);
  const round = await notifyRoundTrips(info, database, 200);
  const p95 = percentile(times, 95);
  const pgP95 = percentile(round, 95);
  return {
    name,
    value: Math.round(p95),
    unit: 'ms p95',
    baseline: Number(pgP95.toFixed(2)),
    note: `${what}: p50 ${String(Math.round(percentile(times, 50)))} ms, p95 ${String(Math.round(p95))} ms, max ${String(Math.round(times[times.length - 1] ?? NaN))} ms; baseline: PostgreSQL's own NOTIFY round trip on loopback over TLS, p95 ${pgP95.toFixed(2)} ms; goal < 250 ms`,
  };
}

/** PostgreSQL's own NOTIFY round trip between two connections on loopback (ms), sorted. */
export async function notifyRoundTrips(
  info: PostgresInfo,
  database: string,
  samples: number,
): Promise<number[]> {
  const listener = clientOf(info, { user: 'alice', password: passwordOf('alice'), database });
  const talker = clientOf(info, { user: 'bob', password: passwordOf('bob'), database });
  await Promise.all([listener.connect(), talker.connect()]);
  await listener.query('LISTEN txc_bench');
  const out: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      const heard = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
      const started = performance.now();
      await talker.query(`NOTIFY txc_bench, '${String(i)}'`);
      await heard;
      out.push(performance.now() - started);
    }
  } finally {
    await Promise.all([listener.end(), talker.end()]);
  }
  return out.sort((a, b) => a - b);
}

export async function measureNotify(info: PostgresInfo): Promise<BenchResult> {
  await buildRenderer();
  const sandbox = await startSandbox({ port: 0 });
  const cores: Operator[] = [];
  const browser = await launchChromium();
  const host: { close?: () => Promise<void> } = {};
  try {
    const main = sandbox.accounts.filter((a) => a.kind === 'main');
    const {
      database,
      cores: [a, b],
    } = await startDesk(info, sandbox, ['alice', 'bob'], main);
    if (!a || !b) throw new Error('no cores');
    cores.push(a, b);
    const bHost = await startBrowserHost(b, RENDERER_DIR);
    host.close = () => bHost.close();
    const page = await browser.context.newPage();
    await page.goto(`${bHost.url}#/accounts`);
    const account = a.accounts.registry.list()[0];
    if (!account) throw new Error('no account');
    // Page code as text: this file is type-checked for Node, not for the page.
    const onPage = (label: string) => `document.body.textContent.includes(${JSON.stringify(label)})`;
    await until(page, onPage(account.label));

    const times: number[] = [];
    for (let i = 0; i < RENAMES; i++) {
      const label = `Desk main ${String(i)}`;
      const shown = await whenOnPage(page, onPage(label));
      const started = Date.now();
      await a.accounts.registry.rename(account.id, label);
      times.push((await shown.at) - started);
    }
    return await againstNotify(
      'team.notify_ms',
      `an account renamed in operator A's app until the new name is on operator B's page in Chromium, ${String(RENAMES)} renames`,
      times,
      info,
      database,
    );
  } finally {
    await browser.close();
    await host.close?.();
    await Promise.all(cores.map((core) => core.close()));
    await sandbox.close();
  }
}
