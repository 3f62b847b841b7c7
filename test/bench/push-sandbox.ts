// The sandbox of the push bench in its own process (as `sandbox-process.ts`'s), driven over Node's IPC
// channel: it changes accounts' spot balances when told, and tells when it sends each `balanceSpot`
// push (its own clock, `performance.timeOrigin + performance.now()`). Run by `spawnPushSandbox`.
import { fork } from 'node:child_process';
import type { SandboxProcess } from './sandbox-process.ts';

/** Commands to the sandbox process. */
type Command =
  | { kind: 'labels' }
  /** Only USDT stays free to spend on these accounts (by label), `usdt` of it. */
  | { kind: 'onlyUsdt'; labels: string[]; usdt: string }
  /** Sets the spot USDT available of each account (by label). */
  | { kind: 'set'; changes: Array<[label: string, value: string]> };

export interface PushSandbox extends Pick<SandboxProcess, 'rest' | 'ws' | 'accounts'> {
  /** `label\nUSDT available (2 places)` -> when the sandbox first sent it. */
  readonly sent: Map<string, number>;
  send(command: Command): void;
  stop(): Promise<void>;
}

export async function spawnPushSandbox(subAccounts: number): Promise<PushSandbox> {
  const child = fork(import.meta.filename, [String(subAccounts)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const sent = new Map<string, number>();
  const ready = new Promise<Pick<SandboxProcess, 'rest' | 'ws' | 'accounts'>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the push sandbox exited with ${String(code)}`)));
    child.on(
      'message',
      (m: {
        ready?: Pick<SandboxProcess, 'rest' | 'ws' | 'accounts'>;
        pushed?: [string, string, number];
      }) => {
        if (m.ready) resolve(m.ready);
        if (m.pushed) {
          const [label, value, at] = m.pushed;
          const key = `${label}\n${value}`;
          if (!sent.has(key)) sent.set(key, at);
        }
      },
    );
  });
  const info = await ready;
  return {
    ...info,
    sent,
    send: (command) => child.send(command),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function serve(subAccounts: number): Promise<void> {
  const [{ startSandbox }, { spot, toLedger }, { Decimal }] = await Promise.all([
    import('../../main/sandbox/index.ts'),
    import('../../main/sandbox/ledger.ts'),
    import('decimal.js'),
  ]);
  const labelOf = new Map<string, string>();
  const sandbox = await startSandbox({
    port: 0,
    seed: 42,
    extraSubAccounts: subAccounts,
    deskActivity: true,
    ws: {
      onPush: (account, method, params) => {
        if (method !== 'balanceSpot_update' || !account) return;
        const usdt = (params as Array<Record<string, { available?: string }>>)[0]?.['USDT']?.available;
        const label = labelOf.get(account);
        if (usdt === undefined || !label) return;
        process.send?.({
          pushed: [label, new Decimal(usdt).toFixed(2), performance.timeOrigin + performance.now()],
        });
      },
    },
  });
  const byLabel = new Map([...sandbox.control.state.accounts.values()].map((a) => [a.label, a]));
  for (const a of byLabel.values()) labelOf.set(a.id, a.label);
  process.on('message', (command: Command) => {
    if (command.kind === 'onlyUsdt')
      for (const label of command.labels) {
        const account = byLabel.get(label);
        if (!account) continue;
        for (const [ticker, b] of account.spot) if (ticker !== 'USDT') b.available = 0n;
        spot(account, 'USDT').available = toLedger(command.usdt);
      }
    if (command.kind === 'set')
      for (const [label, value] of command.changes) {
        const account = byLabel.get(label);
        if (account) spot(account, 'USDT').available = toLedger(value);
      }
  });
  process.on('SIGTERM', () => void sandbox.close().finally(() => process.exit(0)));
  process.send?.({ ready: { rest: sandbox.rest, ws: sandbox.ws, accounts: sandbox.accounts } });
}

if (import.meta.main) void serve(Number(process.argv[2] ?? 0));
