/**
 * One account of a batch, step by step: create the sub-account, create its key (the secret straight
 * into the keychain, the account registered), restrict the key to its IP addresses, fund it. Nothing
 * is written before a request leaves: each step is known at the exchange by itself (the sub-account
 * by its alias, the key by its title, the funding by what the new sub-account holds), so an account
 * that may have been under way (a batch going on after a stop, a step sent without an answer, a
 * sub-account found made already) has each step looked up at the exchange before it is sent, and
 * nothing is made twice. A key whose secret never reached the keychain is deleted at the exchange
 * and made again. The journal gets how far an account got when it ends or stops on an error.
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
  /** The batch goes on after a stop: an account it had started may have had any step sent. */
  readonly resumed: boolean;
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
  return (await admin.listAll(main, { search: alias })).find((s) => s.alias === alias)?.id;
}

/**
 * What an action made: the ids the journal keeps; a key, its account's flush to disk; `found`, a
 * sub-account made already (by an earlier run of the batch, whose later steps may have been sent too).
 */
interface Made {
  subAccountId?: string | undefined;
  apiKeyId?: string | undefined;
  onDisk?: Promise<void>;
  found?: boolean;
}

/** Each action takes `unsure`: it may have been sent already, so it is looked up at the exchange first. */
async function create(ctx: StepContext, step: StepRecord, unsure: boolean): Promise<Made> {
  const listed = ctx.existing?.get(step.alias);
  if (listed) return { subAccountId: listed, found: true };
  if (unsure) {
    const id = await findByAlias(ctx.main, step.alias);
    if (id) return { subAccountId: id, found: true };
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
    // The exchange keeps aliases unique: made already (its answer lost), it is looked up and kept. Sent
    // for the first time by a batch just confirmed, the name was free at the preview: a sub-account of
    // that name made since is not this batch's, and the refusal stands.
    if (!(error instanceof ValidationError && error.fields['alias'])) throw error;
    if (!unsure && !ctx.resumed)
      throw new ValidationError(
        `The exchange has a sub-account named "${step.alias}" already, made since the preview: this one was not made.`,
        { status: error.status, fields: error.fields, field: 'alias' },
      );
    const id = await findByAlias(ctx.main, step.alias);
    if (!id) throw error;
    return { subAccountId: id, found: true };
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
  // The secret goes from the answer straight into the keychain, under the id chosen before, before
  // anything else is sent; the account's row goes into the registry with those of the accounts around
  // it, and to disk, meanwhile.
  const { onDisk } = await ctx.registry.addInGroup({
    id: step.accountId,
    label: step.alias,
    kind: 'sub',
    subAccountId,
    apiKey: made.key.apiKey,
    secret: made.apiSecret,
    connection: ctx.connection,
    groups: ctx.plan.group ? [ctx.plan.group] : [],
  });
  return { apiKeyId: made.key.id, onDisk: onDisk.then(() => undefined) };
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

const idsOf = (step: StepRecord): Made => ({
  subAccountId: step.subAccountId ?? undefined,
  apiKeyId: step.apiKeyId ?? undefined,
});

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
 * Takes the account from wherever it stopped to `done`, written down once its key's account is on
 * disk (`answered` is called when only that flush is left); on the first action that fails, how far it
 * got is written down with that action marked as sent, and the error thrown.
 */
export async function advance(
  ctx: StepContext,
  start: StepRecord,
  answered: () => void = () => undefined,
): Promise<StepRecord> {
  if (start.stage === 'done') return start;
  const actions = pipeline(ctx.plan).filter((a) => STAGES.indexOf(a.to) > STAGES.indexOf(start.stage));
  // Under way before: a step sent without an answer or refused, or a batch going on after a stop with
  // this account started. Then each step is looked up; so too once a sub-account is found made.
  let unsure =
    start.pending !== null || start.errorCode !== null || (ctx.resumed && start.stage !== 'planned');
  let step = start;
  /** The key's account on its way to disk. */
  let onDisk: Promise<void> | undefined;
  for (const a of actions) {
    let made: Made;
    try {
      made = await a.run(ctx, step, unsure);
    } catch (error) {
      if (onDisk) await onDisk;
      ctx.journal.reached(step, step.stage, idsOf(step), a.action);
      throw error;
    }
    // A flush failing is seen where it is awaited, however soon it fails.
    made.onDisk?.catch(() => undefined);
    onDisk ??= made.onDisk;
    unsure ||= made.found === true;
    step = {
      ...step,
      stage: a.to,
      subAccountId: made.subAccountId ?? step.subAccountId,
      apiKeyId: made.apiKeyId ?? step.apiKeyId,
    };
  }
  answered();
  if (onDisk) await onDisk;
  return ctx.journal.reached(step, 'done', idsOf(step));
}
