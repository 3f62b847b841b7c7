import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface SandboxProcess {
  rest: string;
  ws: string;
  accounts: Array<{
    label: string;
    apiKey: string;
    apiSecret: string;
    kind: 'main' | 'sub';
    subAccountId?: string;
  }>;
  /** The sandbox process's id, to read its memory apart from ours. */
  pid: number;
  /** CPU time the sandbox process has used so far, in ms (Linux: /proc). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** User and system CPU time of a process so far, in ms (/proc/PID/stat, at Linux's 100 ticks a second). */
export function cpuMsOf(pid: number): number {
  const fields =
    readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The sandbox in its own process, as `npm run sandbox` runs it, so it does not share our CPU time or
 * memory; `subAccounts` adds that many funded sub-accounts with a position and an open order each.
 */
export async function spawnSandbox(seed = 42, subAccounts = 0): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'main/sandbox/cli.ts',
      '--port',
      '0',
      '--seed',
      String(seed),
      ...(subAccounts > 0 ? ['--subaccounts', String(subAccounts)] : []),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${String(code)}`)));
  });
  const info = JSON.parse(first) as Omit<SandboxProcess, 'stop' | 'pid' | 'cpuMs'>;
  return {
    ...info,
    pid: child.pid ?? 0,
    cpuMs: () => cpuMsOf(child.pid ?? 0),
    stop: () =>
      new Promise((resolve) => {
        child.once('close', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
