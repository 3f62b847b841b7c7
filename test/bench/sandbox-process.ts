import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface SandboxProcess {
  rest: string;
  accounts: Array<{ label: string; apiKey: string; apiSecret: string }>;
  stop(): Promise<void>;
}

/** The sandbox in its own process, as `npm run sandbox` runs it, so it does not share our CPU time. */
export async function spawnSandbox(seed = 42): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['main/sandbox/cli.ts', '--port', '0', '--seed', String(seed)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${String(code)}`)));
  });
  const info = JSON.parse(first) as Omit<SandboxProcess, 'stop'>;
  return {
    ...info,
    stop: () =>
      new Promise((resolve) => {
        child.once('close', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
