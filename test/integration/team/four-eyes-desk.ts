/**
 * A desk for the four-eyes tests: three login roles of this file's own (roles are the cluster's, so
 * their names carry a suffix) on a fresh database, each with an operator core and a scripted desktop:
 * tina (treasurer and trader), tom (treasurer), tess (trader). Tina registers the sandbox's main
 * account with its key (as an admin of the desk for that while); the others import the key from the
 * shared registry.
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

export interface FourEyesDesk<W extends string = Who> {
  database: string;
  names: Record<W, string>;
  cores: Record<W, Operator>;
  desktops: Record<W, BarrierDesktop>;
  calls: Record<W, ReturnType<typeof procedureCalls>>;
  /** The registered main account's id. */
  mainId: string;
  /** A withdrawal proposal written by `who` with hand-written SQL, expiring in `seconds`. */
  proposeRaw(
    who: W,
    input: { ticker: string; amount: string; address: string; network: string },
    seconds: number,
  ): Promise<ProposalView & { body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** Tina (treasurer and trader), tom (treasurer) and tess (trader). */
export const TREASURY: Record<Who, string> = {
  tina: 'txc_treasurer, txc_trader',
  tom: 'txc_treasurer',
  tess: 'txc_trader',
};

/**
 * Operators `groups` (name: the desk's group roles) on a fresh desk; the first registers the sandbox's
 * main account (and `subAccounts` of it by label) with their keys, the others import the keys.
 */
export async function fourEyesDesk<W extends string>(
  info: PostgresInfo,
  sandbox: Sandbox,
  suffix: string,
  groups: Record<W, string>,
  subAccounts: readonly string[] = [],
): Promise<FourEyesDesk<W>> {
  const who = Object.keys(groups) as W[];
  const names = Object.fromEntries(who.map((w) => [w, `${w}_${suffix}`])) as Record<W, string>;
  // The migration makes the desk's group roles.
  const database = await createTeamDatabase(info);
  for (const w of who)
    await sqlAs(
      info,
      `CREATE ROLE ${names[w]} LOGIN PASSWORD '${passwordOf(names[w])}' IN ROLE txc_operator, ${groups[w]}`,
    );
  const desktops = Object.fromEntries(who.map((w) => [w, barrierDesktop()])) as Record<W, BarrierDesktop>;
  const cores = {} as Record<W, Operator>;
  for (const w of who)
    cores[w] = await startOperatorCore({
      info,
      database,
      operator: names[w],
      sandbox,
      platform: desktops[w].platform,
    });
  const calls = Object.fromEntries(who.map((w) => [w, procedureCalls(() => cores[w])])) as Record<
    W,
    ReturnType<typeof procedureCalls>
  >;
  for (const w of who)
    await eventually(
      async () => (await calls[w].ok<{ roles: string[] }>('approvals.rules')).roles.length > 0,
      `${w}'s roles read`,
    );
  const [first, ...others] = who as [W, ...W[]];
  const keys = sandbox.accounts.filter((a) => a.kind === 'main' || subAccounts.includes(a.label));
  const ids: string[] = [];
  // Only an admin registers the desk's accounts: the first operator is one while doing so (their app
  // reads its roles before and after, so it never acts on this).
  const admin = groups[first].includes('txc_admin');
  if (!admin) await sqlAs(info, `GRANT txc_admin TO ${names[first]}`);
  for (const key of keys)
    ids.push(
      (
        await cores[first].accounts.registry.add({
          label: key.kind === 'main' ? 'Sandbox main' : key.label,
          kind: key.kind,
          subAccountId: key.subAccountId ?? null,
          apiKey: key.apiKey,
          secret: key.apiSecret,
          connection: cores[first].connection.id,
        })
      ).id,
    );
  if (!admin) await sqlAs(info, `REVOKE txc_admin FROM ${names[first]}`);
  for (const w of others)
    for (const [i, id] of ids.entries()) {
      await eventually(() => cores[w].accounts.registry.get(id), `${w} sees the account`);
      await cores[w].accounts.registry.importKey(id, keys[i]?.apiSecret ?? '');
    }
  const mainId = ids[keys.findIndex((k) => k.kind === 'main')] ?? '';

  return {
    database,
    names,
    cores,
    desktops,
    calls,
    mainId,
    async proposeRaw(who, input, seconds) {
      // The fields the app writes, only: a caller's extra (an accountId) is not part of the request.
      const { ticker, amount, address, network } = input;
      const request = await captureRequest((c) =>
        mainAccount.withdrawPay(c, {
          ticker,
          amount,
          address,
          network,
          uniqueId: `raw-${String(Date.now())}`,
        }),
      );
      const [row] = await sqlAs<{ id: string }>(
        info,
        `INSERT INTO proposals (kind, account, path, body, request_hash, summary, expires_at)
         VALUES ('withdrawal', $1, $2, $3, $4, 'raw', now() + make_interval(secs => $5)) RETURNING id::text AS id`,
        [
          mainId,
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
      for (const w of who) await cores[w].close();
    },
  };
}
