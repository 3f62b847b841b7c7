/**
 * One account of a batch, step by step: create the sub-account, create its key (the secret straight
 * into the keychain, the account registered), restrict the key to its IP addresses, fund it. Each
 * step is marked in the journal before its request leaves; a step found marked (the app stopped, or
 * the answer never came) is first looked up at the exchange, so nothing is made twice. A key whose
 * secret never reached the keychain is deleted at the exchange and made again.
 */
import * as admin from '../../exchange/endpoints/sub-account-admin.ts';
import * as apiKeys from '../../exchange/endpoints/sub-account-api-keys.ts';
import * as subAccounts from '../../exchange/endpoints/sub-accounts.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import { ValidationError } from '../../exchange/errors.ts';
import { Dec } from '../../rules/decimal.ts';
import type { AccountRegistry } from '../../vault/registry.ts';
import type { BatchJournal, BatchPlan, PendingAction, StepRecord, StepStage } from './journal.ts';

export interface StepContext {
  /**
   * The sub-accounts the exchange lists, by alias, read once when a batch goes on after a stop: every
   * account not made yet is looked up in it before it is sent. Absent for a batch just confirmed,
   * whose names were checked free moments before.
   */
  readonly existing?: ReadonlyMap<string, string> | undefined;
  readonly main: KeyCaller;
  readonly registry: AccountRegistry;
  readonly journal: BatchJournal;
  readonly plan: BatchPlan;
  readonly connection: string;
}

/** The title the batch gives an account's key: how its keys are told from any other at the exchange. */
export function keyTitle(step: StepRecord): string {
  return `TXC Desk batch ${step.batchId.slice(0, 8)} #${String(step.n + 1)}`;
}

/** The sub-account of this alias the exchange lists, if any (the list's search, then the exact alias). */
async function findByAlias(main: KeyCaller, alias: string): Promise<string | undefined> {
  return (await admin.listAll(main, alias)).find((s) => s.alias === alias)?.id;
}

/** What an action made: the ids the journal keeps. */
interface Made {
  subAccountId?: string | undefined;
  apiKeyId?: string | undefined;
}

/**
 * Each action takes `unsure`: it was marked sent before and its answer never written down, so it is
 * looked up at the exchange first.
 */
async function create(ctx: StepContext, step: StepRecord, unsure: boolean): Promise<Made> {
  const listed = ctx.existing?.get(step.alias);
  if (listed) return { subAccountId: listed };
  if (unsure) {
    const id = await findByAlias(ctx.main, step.alias);
    if (id) return { subAccountId: id };
  }
  try {
    const made = await admin.create(ctx.main, {
      alias: step.alias,
      permissions: { ...ctx.plan.permissions },
      ...(ctx.plan.shareKyc ? { shareKyc: true } : {}),
      ...(step.email ? { email: step.email } : {}),
    });
    return { subAccountId: made.id };
  } catch (error) {
    // The exchange keeps aliases unique: made already (its answer lost), it is looked up and kept.
    if (!(error instanceof ValidationError && error.fields['alias'])) throw error;
    const id = await findByAlias(ctx.main, step.alias);
    if (!id) throw error;
    return { subAccountId: id };
  }
}

/** This batch's keys of the sub-account at the exchange. */
async function keysOfStep(ctx: StepContext, step: StepRecord, subAccountId: string) {
  const title = keyTitle(step);
  return (await apiKeys.listAllKeys(ctx.main, subAccountId)).filter((k) => k.title === title);
}

/**
 * After a key request whose answer was not written down: keeps the key the registry holds with its
 * secret (deleting any other this batch made), or deletes them all and forgets the account, so the
 * key is made again.
 */
async function settleKey(
  ctx: StepContext,
  step: StepRecord,
  subAccountId: string,
): Promise<Made | undefined> {
  const ours = await keysOfStep(ctx, step, subAccountId);
  const registered = ctx.registry.get(step.accountId);
  let kept: apiKeys.SubAccountApiKey | undefined;
  if (registered) {
    const secret = await ctx.registry.credentials(step.accountId).then(
      () => true,
      () => false,
    );
    kept = secret ? ours.find((k) => k.apiKey === registered.apiKey) : undefined;
    if (!kept) await ctx.registry.remove(step.accountId);
  }
  for (const k of ours) if (k !== kept) await apiKeys.deleteKey(ctx.main, k.id);
  return kept ? { apiKeyId: kept.id } : undefined;
}

async function key(ctx: StepContext, step: StepRecord, unsure: boolean): Promise<Made> {
  const subAccountId = step.subAccountId ?? '';
  if (unsure) {
    const settled = await settleKey(ctx, step, subAccountId);
    if (settled) return settled;
  }
  const made = await apiKeys.createKey(ctx.main, {
    subAccountId,
    type: ctx.plan.key?.type ?? 1,
    title: keyTitle(step),
  });
  // The secret goes from the answer straight into the keychain, under the id chosen before.
  await ctx.registry.add({
    id: step.accountId,
    label: step.alias,
    kind: 'sub',
    subAccountId,
    apiKey: made.key.apiKey,
    secret: made.apiSecret,
    connection: ctx.connection,
    groups: ctx.plan.group ? [ctx.plan.group] : [],
  });
  return { apiKeyId: made.key.id };
}

/** Adding an address the key allows already keeps one: this action is sent again as it is. */
async function restrict(ctx: StepContext, step: StepRecord): Promise<Made> {
  for (const ip of ctx.plan.key?.ips ?? []) await apiKeys.addIp(ctx.main, step.apiKeyId ?? '', ip);
  return {};
}

async function fund(ctx: StepContext, step: StepRecord, unsure: boolean): Promise<Made> {
  const funding = ctx.plan.funding;
  const subAccountId = step.subAccountId ?? '';
  if (!funding) return {};
  if (unsure) {
    // A new sub-account holds nothing but what this batch sent it.
    const held = await subAccounts.balances(ctx.main, { id: subAccountId, ticker: funding.ticker });
    if (new Dec(held[funding.ticker]?.[0]?.main ?? '0').gte(funding.amount)) return {};
  }
  await subAccounts.transfer(ctx.main, {
    id: subAccountId,
    direction: 'main_to_sub',
    amount: funding.amount,
    ticker: funding.ticker,
  });
  return {};
}

const STAGES: readonly StepStage[] = ['planned', 'created', 'keyed', 'restricted', 'funded', 'done'];

interface Action {
  action: PendingAction;
  to: StepStage;
  run: (ctx: StepContext, step: StepRecord, unsure: boolean) => Promise<Made>;
}

/** The actions the plan asks of each account, in order. */
function pipeline(plan: BatchPlan): Action[] {
  const all: Array<Action | false> = [
    { action: 'create', to: 'created', run: create },
    plan.key !== null && { action: 'key', to: 'keyed', run: key },
    (plan.key?.ips.length ?? 0) > 0 && { action: 'ips', to: 'restricted', run: restrict },
    plan.funding !== null && { action: 'fund', to: 'funded', run: fund },
  ];
  return all.filter((a): a is Action => a !== false);
}

/**
 * Takes the account from wherever it stopped to `done`, one journal write per answer (each also
 * marking the next request as sent); throws on the first action that fails.
 */
export async function advance(ctx: StepContext, start: StepRecord): Promise<StepRecord> {
  if (start.stage === 'done') return start;
  const actions = pipeline(ctx.plan).filter((a) => STAGES.indexOf(a.to) > STAGES.indexOf(start.stage));
  const first = actions[0];
  if (!first) return ctx.journal.reached(start, 'done');
  // A sub-account's creation needs no mark: its alias is its key at the exchange (looked up when
  // the batch goes on, and when the exchange answers that the alias exists).
  const unsure = start.pending === first.action || (first.action === 'create' && start.errorCode !== null);
  let step = unsure || first.action === 'create' ? start : ctx.journal.sending(start, first.action);
  for (const [i, a] of actions.entries()) {
    const made = await a.run(ctx, step, i === 0 && unsure);
    const next = actions[i + 1];
    step = ctx.journal.reached(step, next ? a.to : 'done', made, next?.action ?? null);
  }
  return step;
}
