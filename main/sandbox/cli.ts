/**
 * `node main/sandbox/cli.ts --port 0 --seed 42 [--data DIR] [--subaccounts N]`: prints one JSON line
 * (addresses and every account's keys), serves until a signal. `--subaccounts N` (also spelled
 * `--sub-accounts`) adds N funded sub-accounts with keys, a position and an open order each.
 */
import { parseArgs } from 'node:util';
import { startSandbox } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    seed: { type: 'string', default: '42' },
    data: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    'sub-accounts': { type: 'string' },
    subaccounts: { type: 'string' },
  },
});

const port = Number(values.port);
const seed = Number(values.seed);
const extraSubAccounts = Number(values.subaccounts ?? values['sub-accounts'] ?? '0');
if (
  !Number.isInteger(port) ||
  port < 0 ||
  port > 65535 ||
  !Number.isInteger(seed) ||
  !Number.isInteger(extraSubAccounts) ||
  extraSubAccounts < 0
) {
  process.stderr.write('usage: sandbox --port N --seed N [--data DIR] [--subaccounts N]\n');
  process.exit(2);
}

const sandbox = await startSandbox({
  port,
  seed,
  host: values.host,
  extraSubAccounts,
  deskActivity: extraSubAccounts > 0,
  ...(values.data ? { dataDir: values.data } : {}),
});
process.stdout.write(
  `${JSON.stringify({ rest: sandbox.rest, ws: sandbox.ws, accounts: sandbox.accounts })}\n`,
);

let closing = false;
const stop = (): void => {
  if (closing) return;
  closing = true;
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
