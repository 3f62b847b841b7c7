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
import { Dec } from '../../rules/decimal.ts';
import type { AccountRegistry } from '../../vault/registry.ts';
import type { BatchJournal, BatchPlan, StepRecord } from './journal.ts';

export interface StepContext {
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
  for (let offset = 0; offset < 10_000; offset += 100) {
    const page = await admin.page(main, { search: alias, limit: 100, offset });
    const found = page.find((s) => s.alias === alias);
    if (found) return found.id;
    if (page.length < 100) return undefined;
  }
  return undefined;
}

async function create(ctx: StepContext, step: StepRecord): Promise<StepRecord> {
  if (step.pending === 'create') {
    const id = await findByAlias(ctx.main, step.alias);
    if (id) return ctx.journal.reached(step, 'created', { subAccountId: id });
  }
  const sent = ctx.journal.sending(step, 'create');
  const made = await admin.create(ctx.main, {
    alias: step.alias,
    permissions: { ...ctx.plan.permissions },
    ...(ctx.plan.shareKyc ? { shareKyc: true } : {}),
    ...(step.email ? { email: step.email } : {}),
  });
  return ctx.journal.reached(sent, 'created', { subAccountId: made.id });
}

/** This batch's keys of the sub-account at the exchange. */
async function keysOfStep(ctx: StepContext, step: StepRecord, subAccountId: string) {
  const title = keyTitle(step);
  const ours: apiKeys.SubAccountApiKey[] = [];
  for (let offset = 0; offset < 10_000; offset += 100) {
    const page = await apiKeys.listKeys(ctx.main, { subAccountId, limit: 100, offset });
    ours.push(...page.filter((k) => k.title === title));
    if (page.length < 100) break;
  }
  return ours;
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
): Promise<StepRecord | undefined> {
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
  for (const key of ours) if (key !== kept) await apiKeys.deleteKey(ctx.main, key.id);
  return kept ? ctx.journal.reached(step, 'keyed', { apiKeyId: kept.id }) : undefined;
}

async function key(ctx: StepContext, step: StepRecord, subAccountId: string): Promise<StepRecord> {
  const keyPlan = ctx.plan.key;
  if (!keyPlan) return ctx.journal.reached(step, 'keyed');
  if (step.pending === 'key') {
    const settled = await settleKey(ctx, step, subAccountId);
    if (settled) return settled;
  }
  const sent = ctx.journal.sending(step, 'key');
  const made = await apiKeys.createKey(ctx.main, { subAccountId, type: keyPlan.type, title: keyTitle(step) });
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
  return ctx.journal.reached(sent, 'keyed', { apiKeyId: made.key.id });
}

async function restrict(ctx: StepContext, step: StepRecord): Promise<StepRecord> {
  const ips = ctx.plan.key?.ips ?? [];
  if (ips.length === 0 || !step.apiKeyId) return ctx.journal.reached(step, 'restricted');
  // Adding an address the key allows already keeps one: this step is sent again as it is.
  const sent = ctx.journal.sending(step, 'ips');
  for (const ip of ips) await apiKeys.addIp(ctx.main, step.apiKeyId, ip);
  return ctx.journal.reached(sent, 'restricted');
}

async function fund(ctx: StepContext, step: StepRecord, subAccountId: string): Promise<StepRecord> {
  const funding = ctx.plan.funding;
  if (!funding) return ctx.journal.reached(step, 'funded');
  if (step.pending === 'fund') {
    // A new sub-account holds nothing but what this batch sent it.
    const held = await subAccounts.balances(ctx.main, { id: subAccountId, ticker: funding.ticker });
    const main = held[funding.ticker]?.[0]?.main ?? '0';
    if (new Dec(main).gte(funding.amount)) return ctx.journal.reached(step, 'funded');
  }
  const sent = ctx.journal.sending(step, 'fund');
  await subAccounts.transfer(ctx.main, {
    id: subAccountId,
    direction: 'main_to_sub',
    amount: funding.amount,
    ticker: funding.ticker,
  });
  return ctx.journal.reached(sent, 'funded');
}

/** Takes the account from wherever it stopped to `done`; throws on the first step that fails. */
export async function advance(ctx: StepContext, start: StepRecord): Promise<StepRecord> {
  let step = start;
  if (step.stage === 'planned') step = await create(ctx, step);
  const subAccountId = step.subAccountId ?? '';
  if (step.stage === 'created') step = await key(ctx, step, subAccountId);
  if (step.stage === 'keyed') step = await restrict(ctx, step);
  if (step.stage === 'restricted') step = await fund(ctx, step, subAccountId);
  if (step.stage === 'funded') step = ctx.journal.reached(step, 'done');
  return step;
}
