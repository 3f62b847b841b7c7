/**
 * What a batch of new sub-accounts will be, checked in main before anything is asked or sent: the
 * names (free at the exchange and in the registry), the e-mail addresses, the key and its IP
 * allow-list, the funding against what the main account has free; and the native questions that
 * state it.
 */
import * as admin from '../../exchange/endpoints/sub-account-admin.ts';
import * as mainAccount from '../../exchange/endpoints/main-account.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import { UserFacingError } from '../../errors.ts';
import type { Confirmation } from '../../platform.ts';
import { Dec } from '../../rules/decimal.ts';
import { checkIpEntries } from '../../rules/ip-allow.ts';
import {
  checkAlias,
  checkEmail,
  checkFunding,
  expandEmails,
  expandNames,
  fixedPart,
} from '../../rules/sub-account-batch.ts';
import type { RuleIssue } from '../../rules/types.ts';
import { labelSkeletons } from '../../rules/label-skeleton.ts';
import type { AccountRegistry } from '../../vault/registry.ts';
import type { BatchPlan, StepRecord } from './journal.ts';
import { knownSubAccounts } from './main-key.ts';

export interface BatchRequest {
  /** One sub-account by its name, or many from a pattern with `{n}`. */
  names:
    | { kind: 'one'; alias: string; email?: string | undefined }
    | { kind: 'pattern'; pattern: string; start: number; count: number; emailPattern?: string | undefined };
  shareKyc: boolean;
  permissions: { spotEnabled: boolean; collateralEnabled: boolean };
  funding?: { ticker: string; amount: string } | undefined;
  key?: { type: 1 | 2; ips: string[] } | undefined;
  group?: string | undefined;
}

function fail(issue: RuleIssue): never {
  throw new UserFacingError('invalid_input', issue.message, issue.field);
}

function refuse(issue: RuleIssue | undefined): void {
  if (issue) fail(issue);
}

function unwrap<T extends object>(result: T | { issue: RuleIssue }): T {
  if ('issue' in result) fail(result.issue);
  return result;
}

const some = (names: readonly string[]): string =>
  names.length <= 3
    ? names.map((n) => `"${n}"`).join(', ')
    : `${names
        .slice(0, 3)
        .map((n) => `"${n}"`)
        .join(', ')} and ${String(names.length - 3)} more`;

function namesOf(request: BatchRequest): { names: string[]; emails: string[] | null } {
  const n = request.names;
  if (n.kind === 'one') {
    refuse(checkAlias(n.alias));
    if (!request.shareKyc) {
      if (!n.email?.trim())
        refuse({ field: 'email', message: 'Give an e-mail address, or share the main account’s KYC.' });
      refuse(checkEmail(n.email ?? ''));
    }
    return { names: [n.alias.trim()], emails: request.shareKyc ? null : [(n.email ?? '').trim()] };
  }
  const { names } = unwrap(expandNames(n.pattern, n.start, n.count));
  if (request.shareKyc) return { names, emails: null };
  if (!n.emailPattern?.trim())
    refuse({
      field: 'emailPattern',
      message: 'Give an e-mail pattern such as desk+{nnn}@example.com, or share the main account’s KYC.',
    });
  const { emails } = unwrap(expandEmails(n.emailPattern ?? '', n.start, n.count));
  return { names, emails };
}

/** The longest fixed part of the names (the one name itself), or undefined for a pattern of digits only. */
export function searchTerm(names: BatchRequest['names']): string | undefined {
  return (names.kind === 'one' ? names.alias.trim() : fixedPart(names.pattern)) || undefined;
}

/** The plan of the request, every check done against the exchange and the registry. */
export async function planBatch(
  request: BatchRequest,
  main: KeyCaller,
  registry: AccountRegistry,
  connection: string,
): Promise<{ plan: BatchPlan; mainBalance: string | null }> {
  const { names, emails } = namesOf(request);
  const ips = request.key ? unwrap(checkIpEntries(request.key.ips)).entries : [];
  const funding = request.funding
    ? { ticker: request.funding.ticker, amount: unwrap(checkFunding(request.funding.amount)).amount }
    : null;
  // a name that reads the same as an account's (look-alike letters, case, invisible characters) is taken
  const wanted = new Set(names.flatMap((n) => labelSkeletons(n).map((k, i) => `${String(i)} ${k}`)));
  const inRegistry = registry
    .list((a) => labelSkeletons(a.label).some((k, i) => wanted.has(`${String(i)} ${k}`)))
    .map((a) => a.label);
  if (inRegistry.length > 0)
    refuse({ field: 'pattern', message: `The desk has accounts named ${some(inRegistry)} already.` });
  // The exchange's list and the main balance are read at once. Every name holds the pattern's longest
  // fixed part: the list is searched for it (the exchange's search filters by a part of the name),
  // so a desk of 1,000 is not read whole for 100 names. A name the search missed is still refused by
  // the exchange when it is sent, and the batch never takes over a sub-account it did not make.
  const search = searchTerm(request.names);
  const [listed, balance] = await Promise.all([
    admin.listAliases(main, search ? { search } : { expected: knownSubAccounts(registry, connection) }),
    funding ? mainAccount.balance(main, funding.ticker) : undefined,
  ]);
  const taken = new Set(listed);
  const atExchange = names.filter((n) => taken.has(n));
  if (atExchange.length > 0)
    refuse({ field: 'pattern', message: `The exchange has sub-accounts named ${some(atExchange)} already.` });
  let mainBalance: string | null = null;
  if (funding) {
    const held = balance?.[funding.ticker];
    const free = new Dec(held?.main_balance ?? '0').minus(held?.pending_deposit_amount ?? '0');
    mainBalance = Dec.max(free, 0).toFixed();
    const total = funding.amount.times(names.length);
    if (total.gt(free))
      refuse({
        field: 'fundingAmount',
        message: `Funding ${String(names.length)} sub-accounts with ${funding.amount.toFixed()} ${funding.ticker} takes ${total.toFixed()} ${funding.ticker}; the main account has ${mainBalance} ${funding.ticker} free.`,
      });
  }
  const group =
    request.group?.trim() ||
    (request.names.kind === 'pattern'
      ? request.names.pattern
          .replace(/\{n+\}/g, '')
          .replace(/[-_. ]+$/, '')
          .trim()
      : '') ||
    'New sub-accounts';
  return {
    plan: {
      names,
      emails,
      shareKyc: request.shareKyc,
      permissions: { ...request.permissions },
      funding: funding ? { ticker: funding.ticker, amount: funding.amount.toFixed() } : null,
      key: request.key ? { type: request.key.type, ips } : null,
      group: group.slice(0, 40),
    },
    mainBalance,
  };
}

const onOff = (on: boolean) => (on ? 'on' : 'off');
const KEY_WORDS = { 1: 'information and trading', 2: 'information, trading, deposits and withdrawals' };

function planFacts(plan: BatchPlan, count: number): Confirmation['facts'] {
  const facts: Array<{ label: string; value: string }> = [
    {
      label: 'Permissions',
      value: `transfers to spot ${onOff(plan.permissions.spotEnabled)}, to collateral ${onOff(plan.permissions.collateralEnabled)}`,
    },
    {
      label: 'KYC',
      value: plan.shareKyc
        ? 'shared with the main account'
        : `an invitation to each address (${plan.emails?.[0] ?? ''}${count > 1 ? ' …' : ''})`,
    },
    {
      label: 'API key',
      value: plan.key
        ? `one each, ${KEY_WORDS[plan.key.type]}; the secret goes to the keychain, never on screen`
        : 'none',
    },
  ];
  if (plan.key)
    facts.push({
      label: 'IP allow-list',
      value: plan.key.ips.length > 0 ? plan.key.ips.join(', ') : 'none: any address may use the keys',
    });
  if (plan.funding)
    facts.push({
      label: 'Funding',
      value: `${plan.funding.amount} ${plan.funding.ticker} each, ${new Dec(plan.funding.amount).times(count).toFixed()} ${plan.funding.ticker} in all, from the main balance`,
    });
  return facts;
}

/** The native question of a new batch (or of one new sub-account). */
export function batchQuestion(plan: BatchPlan, mainLabel: string): Confirmation {
  const n = plan.names.length;
  const first = plan.names[0] ?? '';
  return {
    title: n === 1 ? `Create sub-account "${first}"?` : `Create ${String(n)} sub-accounts?`,
    facts: [
      {
        label: n === 1 ? 'Name' : 'Names',
        value: n === 1 ? first : `${first} … ${plan.names.at(-1) ?? ''} (${String(n)})`,
      },
      ...planFacts(plan, n),
      { label: 'Signed by', value: mainLabel },
    ],
    action: n === 1 ? 'Create sub-account' : `Create ${String(n)} sub-accounts`,
    ...(plan.funding
      ? {
          warning: `Moves ${new Dec(plan.funding.amount).times(n).toFixed()} ${plan.funding.ticker} from the main account.`,
        }
      : {}),
  };
}

/** The native question of going on with a batch: what is left, and how each account is looked up first. */
export function resumeQuestion(
  plan: BatchPlan,
  left: readonly StepRecord[],
  mainLabel: string,
): Confirmation {
  const notFinished = left.filter((s) => s.stage === 'planned').length;
  const partWay = left.length - notFinished;
  const checks = [
    notFinished > 0
      ? `the exchange's list, for the ${String(notFinished)} not finished (one found made has its key and funding looked up)`
      : '',
    partWay > 0
      ? `${String(partWay)} stopped part-way, each step left looked up at the exchange before it is sent`
      : '',
  ].filter(Boolean);
  return {
    title: `Go on with the batch: ${String(left.length)} of ${String(plan.names.length)} sub-accounts left?`,
    facts: [
      { label: 'Left', value: some(left.map((s) => s.alias)) },
      ...planFacts(plan, left.length),
      { label: 'Checked first', value: `${checks.join('; ')}; nothing is made twice` },
      { label: 'Signed by', value: mainLabel },
    ],
    action: 'Go on',
    ...(plan.funding
      ? {
          warning: `Moves up to ${new Dec(plan.funding.amount).times(left.length).toFixed()} ${plan.funding.ticker} from the main account.`,
        }
      : {}),
  };
}
