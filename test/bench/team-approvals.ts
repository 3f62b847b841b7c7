/**
 * team.approval.roundtrip_ms p95: a withdrawal proposed in operator A's app (its question answered)
 * until it is on operator B's Approvals screen in Chromium. B's app hears PostgreSQL's NOTIFY on the
 * proposals table, tells its page, which reads the list again and draws the new row. Baseline:
 * PostgreSQL's own NOTIFY round trip between two connections, in the same run.
 */
import { buildRenderer } from '../../scripts/build.ts';
import { startSandbox } from '../../main/sandbox/index.ts';
import { launchChromium } from '../e2e/chromium.ts';
import { startBrowserHost } from '../e2e/host.ts';
import { RENDERER_DIR } from '../e2e/paths.ts';
import { scriptedDesktop } from '../support/desktop.ts';
import type { PostgresInfo } from '../support/postgres.ts';
import { createTeamDatabase, eventually, roleRead, startOperatorCore } from '../support/team.ts';
import type { BenchResult } from './harness.ts';
import { until, whenOnPage } from './page-wait.ts';
import { againstNotify } from './team-desk.ts';

type Operator = Awaited<ReturnType<typeof startOperatorCore>>;

const PROPOSALS = 40;
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** Alice and bob must be treasurers of the bench's cluster (team.bench.ts grants it). */
export async function measureApprovalRoundtrip(info: PostgresInfo): Promise<BenchResult> {
  await buildRenderer();
  const sandbox = await startSandbox({ port: 0 });
  const cores: Operator[] = [];
  const browser = await launchChromium();
  const host: { close?: () => Promise<void> } = {};
  try {
    const database = await createTeamDatabase(info);
    for (const operator of ['alice', 'bob'])
      cores.push(
        await startOperatorCore({ info, database, operator, sandbox, platform: scriptedDesktop().platform }),
      );
    const [a, b] = cores as [Operator, Operator];
    await roleRead(a, 'treasurer');
    await roleRead(b, 'treasurer');
    const key = sandbox.accounts.find((x) => x.kind === 'main');
    if (!key) throw new Error('no main account');
    const main = await a.accounts.registry.add({
      label: 'Desk main',
      kind: 'main',
      apiKey: key.apiKey,
      secret: key.apiSecret,
      connection: a.connection.id,
    });
    await eventually(() => b.accounts.registry.get(main.id), 'bob has the account');
    const bHost = await startBrowserHost(b, RENDERER_DIR);
    host.close = () => bHost.close();
    const page = await browser.context.newPage();
    await page.goto(`${bHost.url}#/approvals`);
    // Page code as text: this file is type-checked for Node, not for the page.
    const onPage = (title: string) =>
      `[...document.querySelectorAll('[data-testid="approval-open"]')].some((e) => e.textContent.trim() === ${JSON.stringify(title)})`;
    await until(page, `document.querySelector('[data-testid="approvals-none"]') !== null`);

    const times: number[] = [];
    for (let i = 0; i < PROPOSALS; i++) {
      const amount = `10.${String(i + 1).padStart(2, '0')}`;
      const title = `Withdraw ${amount} USDT on ERC20`;
      // B's page answers the wall-clock time the new proposal's row first appeared in its document.
      const shown = await whenOnPage(page, onPage(title));
      const started = Date.now();
      const reply = (await a.router.dispatch(
        'wallet.withdraw',
        { accountId: main.id, ticker: 'USDT', amount, address: ADDRESS, network: 'ERC20' },
        { origin: 'bench' },
      )) as { ok: boolean; value?: { proposed?: unknown[] } };
      if (!reply.ok || !reply.value?.proposed) throw new Error('the withdrawal was not proposed');
      times.push((await shown.at) - started);
    }
    return await againstNotify(
      'team.approval.roundtrip_ms',
      `a withdrawal proposed in operator A's app until it is on operator B's Approvals screen in Chromium, ${String(PROPOSALS)} proposals`,
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
