/**
 * A desk for the four-eyes tests: three login roles of this file's own (roles are the cluster's, so
 * their names carry a suffix) on a fresh database, each with an operator core and a scripted desktop:
 * tina (treasurer and trader), tom (treasurer), tess (trader). Tina registers the sandbox's main
 * account with its key; the others import the key from the shared registry.
 */
import type { Platform } from '../../../main/platform.ts';
import type { Sandbox } from '../../../main/sandbox/index.ts';
import { captureRequest } from '../../../main/exchange/endpoints/capture.ts';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import { requestHash } from '../../../main/exchange/request-hash.ts';
import type { ProposalView } from '../../../main/ipc/contract.ts';
import { procedureCalls } from '../../support/core.ts';
import { scriptedDesktop, type ScriptedDesktop } from '../../support/desktop.ts';
import { sqlAs, type PostgresInfo } from '../../support/postgres.ts';
import { createTeamDatabase, eventually, passwordOf, startOperatorCore } from '../../support/team.ts';

type Operator = Awaited<ReturnType<typeof startOperatorCore>>;
type Who = 'tina' | 'tom' | 'tess';

/** A scripted desktop whose confirmations can be held until `barrier` of them are asked at once. */
export type BarrierDesktop = ScriptedDesktop & { barrier: number };

function barrierDesktop(): BarrierDesktop {
  const desktop = Object.assign(scriptedDesktop(), { barrier: 0 });
  const answer = desktop.platform.confirm;
  let waiting: Array<() => void> = [];
  (desktop as { platform: Platform }).platform = {
    ...desktop.platform,
    confirm: async (question) => {
      if (desktop.barrier > 1) {
        const held = new Promise<void>((resolve) => waiting.push(resolve));
        if (waiting.length >= desktop.barrier) {
          for (const go of waiting) go();
          waiting = [];
        }
        await held;
      }
      return answer(question);
    },
  };
  return desktop;
}

export interface FourEyesDesk {
  database: string;
  names: Record<Who, string>;
  cores: Record<Who, Operator>;
  desktops: Record<Who, BarrierDesktop>;
  tina: ReturnType<typeof procedureCalls>;
  tom: ReturnType<typeof procedureCalls>;
  tess: ReturnType<typeof procedureCalls>;
  /** The registered main account's id. */
  mainId: string;
  /** A withdrawal proposal written by `who` with hand-written SQL, expiring in `seconds`. */
  proposeRaw(
    who: Who,
    input: { ticker: string; amount: string; address: string; network: string },
    seconds: number,
  ): Promise<ProposalView & { body: Record<string, unknown> }>;
  close(): Promise<void>;
}

const GROUPS: Record<Who, string> = {
  tina: 'txc_treasurer, txc_trader',
  tom: 'txc_treasurer',
  tess: 'txc_trader',
};

export async function fourEyesDesk(
  info: PostgresInfo,
  sandbox: Sandbox,
  suffix: string,
): Promise<FourEyesDesk> {
  const names = { tina: `tina_${suffix}`, tom: `tom_${suffix}`, tess: `tess_${suffix}` };
  // The migration makes the desk's group roles.
  const database = await createTeamDatabase(info);
  for (const who of ['tina', 'tom', 'tess'] as const)
    await sqlAs(
      info,
      `CREATE ROLE ${names[who]} LOGIN PASSWORD '${passwordOf(names[who])}' IN ROLE txc_operator, ${GROUPS[who]}`,
    );
  const desktops = { tina: barrierDesktop(), tom: barrierDesktop(), tess: barrierDesktop() };
  const cores = {} as Record<Who, Operator>;
  for (const who of ['tina', 'tom', 'tess'] as const)
    cores[who] = await startOperatorCore({
      info,
      database,
      operator: names[who],
      sandbox,
      platform: desktops[who].platform,
    });
  const calls = {
    tina: procedureCalls(() => cores.tina),
    tom: procedureCalls(() => cores.tom),
    tess: procedureCalls(() => cores.tess),
  };
  for (const who of ['tina', 'tom', 'tess'] as const)
    await eventually(
      async () => (await calls[who].ok<{ roles: string[] }>('approvals.rules')).roles.length > 0,
      `${who}'s roles read`,
    );
  const key = sandbox.accounts.find((a) => a.kind === 'main');
  if (!key) throw new Error('the sandbox has no main account');
  const main = await cores.tina.accounts.registry.add({
    label: 'Sandbox main',
    kind: 'main',
    apiKey: key.apiKey,
    secret: key.apiSecret,
    connection: cores.tina.connection.id,
  });
  for (const who of ['tom', 'tess'] as const) {
    await eventually(() => cores[who].accounts.registry.get(main.id), `${who} sees the account`);
    await cores[who].accounts.registry.importKey(main.id, key.apiSecret);
  }

  return {
    database,
    names,
    cores,
    desktops,
    ...calls,
    mainId: main.id,
    async proposeRaw(who, input, seconds) {
      const request = await captureRequest((c) =>
        mainAccount.withdrawPay(c, { ...input, uniqueId: `raw-${String(Date.now())}` }),
      );
      const [row] = await sqlAs<{ id: string }>(
        info,
        `INSERT INTO proposals (kind, account, path, body, request_hash, summary, expires_at)
         VALUES ('withdrawal', $1, $2, $3, $4, 'raw', now() + make_interval(secs => $5)) RETURNING id::text AS id`,
        [
          main.id,
          request.path,
          JSON.stringify(request.fields),
          requestHash(request.path, request.fields),
          seconds,
        ],
        { user: names[who], password: passwordOf(names[who]), database },
      );
      if (!row) throw new Error('no proposal');
      const view = await eventually(
        async () => (await calls[who].ok<ProposalView[]>('approvals.list')).find((p) => p.id === row.id),
        'the proposal listed',
      );
      return { ...view, body: request.fields };
    },
    async close() {
      for (const core of Object.values(cores)) await core.close();
    },
  };
}
