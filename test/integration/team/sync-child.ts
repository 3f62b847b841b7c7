/**
 * An operator's app in a process of its own, for the kill -9 test: joins the desk, adds its keys and
 * syncs one account until the parent kills it (it prints a line after each page it read).
 */
import type { Sandbox } from '../../../main/sandbox/index.ts';
import type { PostgresInfo } from '../../support/postgres.ts';
import { eventually, startOperatorCore, teamConnected } from '../../support/team.ts';

interface ChildConfig {
  info: PostgresInfo;
  database: string;
  operator: string;
  sandbox: { rest: string; ws: string };
  keys: Array<{ apiKey: string; apiSecret: string }>;
  account: string;
}

const config = JSON.parse(process.argv[2] ?? '{}') as ChildConfig;
const core = await startOperatorCore({
  info: config.info,
  database: config.database,
  operator: config.operator,
  sandbox: config.sandbox as Sandbox,
});
await teamConnected(core);
await eventually(() => core.accounts.registry.get(config.account), 'the account in the registry');
for (const a of core.accounts.registry.list()) {
  const key = config.keys.find((k) => k.apiKey === a.apiKey);
  if (key) await core.accounts.registry.importKey(a.id, key.apiSecret);
}
core.events.subscribe((event, payload) => {
  const p = payload as { account?: string; pages?: number; outcome?: string };
  if (p.account !== config.account) return;
  if (event === 'sync.progress' && p.pages) process.stdout.write(`page ${String(p.pages)}\n`);
  if (event === 'sync.finished') process.stdout.write(`finished ${String(p.outcome)}\n`);
});
core.history.start([config.account]);
