/**
 * A proposed request in words, read by each operator's own app from the exact fields that will be
 * signed (never from the proposer's summary): the account, the amounts grouped, the address, the key,
 * the policy. Every field the app writes on a path is shown; a body with any other field is neither
 * approved nor sent (`bodies.ts`). What the approver reads is what is sent.
 */
import { fourEyesRequestOf, REST, restEndpointOf } from '../../exchange/registry/index.ts';
import { DEFAULT_POLICY, type DeskPolicy } from '../../policy/desk-policy.ts';
import { guardChanges } from '../../rules/guard-changes.ts';
import type { GuardSettings } from '../../rules/guards.ts';
import { grouped } from '../../rules/words.ts';

export interface Fact {
  label: string;
  value: string;
}

export interface RequestWords {
  /** "Withdraw 2,500 USDT on TRC20" */
  title: string;
  facts: Fact[];
  /** A line that must stand out (a key that will be able to move funds). */
  warning?: string;
}

/** What the reader's registry knows of the accounts and keys a request names. */
export interface Names {
  subAccount(subAccountId: string): string | undefined;
  key(apiKey: string): string | undefined;
  /** The desk's address book's label of an address (undefined: not in the book). */
  book?(network: string, address: string, memo: string | undefined): string | undefined;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const amount = (v: unknown, ticker: string) => `${grouped(text(v))} ${ticker}`.trim();

function withdrawal(path: string, b: Record<string, unknown>, names: Names): RequestWords {
  const t = text(b['ticker']);
  const network = text(b['network']);
  const pay = restEndpointOf(path) === REST.withdrawPay;
  const inBook = names.book?.(network, text(b['address']), text(b['memo']) || undefined);
  return {
    title: `Withdraw ${amount(b['amount'], t)}${network ? ` on ${network}` : ''}`,
    facts: [
      { label: 'Asset', value: t },
      ...(network ? [{ label: 'Network', value: network }] : []),
      { label: 'Address', value: text(b['address']) },
      ...(text(b['memo']) ? [{ label: 'Memo / tag', value: text(b['memo']) }] : []),
      ...(text(b['provider']) ? [{ label: 'Provider', value: text(b['provider']) }] : []),
      ...(names.book ? [{ label: 'Address book', value: inBook ?? 'not in the address book' }] : []),
      {
        label: pay ? 'Receiver gets' : 'Amount (fee included)',
        value: amount(b['amount'], t),
      },
      { label: 'Unique id', value: text(b['uniqueId']) },
    ],
    ...(names.book && !inBook && !text(b['provider'])
      ? {
          warning:
            "This address is NOT in the desk's address book: check every character against the receiver. A withdrawal cannot be undone.",
        }
      : {}),
  };
}

function code(b: Record<string, unknown>): RequestWords {
  const t = text(b['ticker']);
  return {
    title: `Create a service code for ${amount(b['amount'], t)}`,
    facts: [
      { label: 'Amount', value: amount(b['amount'], t) },
      { label: 'Passphrase', value: text(b['passphrase']) ? 'set' : 'none' },
      ...(text(b['description']) ? [{ label: 'Description', value: text(b['description']) }] : []),
    ],
    warning: 'Whoever holds the code can redeem it.',
  };
}

/** Where a mining account's rewards are to be paid from now on. */
function payout(b: Record<string, unknown>, names: Names): RequestWords {
  const miner = text(b['accountName']);
  const address = text(b['address']);
  if (text(b['destination']) !== 'external_address')
    return {
      title: `Pay the rewards of mining account ${miner} to the main balance`,
      facts: [
        { label: 'Mining account', value: miner },
        { label: 'Paid to', value: "the account's main balance" },
      ],
    };
  const inBook = names.book?.('BTC', address, undefined);
  return {
    title: `Pay the rewards of mining account ${miner} to ${address}`,
    facts: [
      { label: 'Mining account', value: miner },
      { label: 'Paid to', value: 'an external BTC address' },
      { label: 'Address', value: address },
      ...(names.book ? [{ label: 'Address book', value: inBook ?? 'not in the address book' }] : []),
    ],
    warning:
      "From the next payout on, this mining account's rewards leave the desk for this address: check every character against the receiver.",
  };
}

/**
 * A sub-account's withdrawal the exchange holds for the main account, let go: the body names only its
 * id; what it is (sub-account, amount) each reader's app reads from the exchange's waiting list
 * (`Approvals.useFacts`).
 */
function subWithdrawal(b: Record<string, unknown>): RequestWords {
  return {
    title: `Let the waiting sub-account withdrawal ${text(b['id'])} go`,
    facts: [{ label: 'Waiting withdrawal', value: text(b['id']) }],
    warning: 'Once let go, the exchange sends it to the address the sub-account gave: it cannot be undone.',
  };
}

function transfer(b: Record<string, unknown>, names: Names): RequestWords {
  const t = text(b['ticker']);
  const id = text(b['id']);
  const sub = names.subAccount(id);
  const who = sub ? `"${sub}"` : `sub-account ${id}`;
  const toSub = text(b['direction']) === 'main_to_sub';
  return {
    title: toSub ? `Send ${amount(b['amount'], t)} to ${who}` : `Take ${amount(b['amount'], t)} from ${who}`,
    facts: [
      { label: 'Sub-account', value: `${sub ?? 'not on this computer'} (id ${id})` },
      { label: 'Direction', value: toSub ? 'main account → sub-account' : 'sub-account → main account' },
      { label: 'Amount', value: amount(b['amount'], t) },
    ],
  };
}

function keyName(apiKey: string, names: Names): string {
  const label = names.key(apiKey);
  return label ? `the key of "${label}"` : `key ${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;
}

function keyEdit(
  b: Record<string, unknown>,
  names: Names,
  fundMoving: (url: string) => boolean,
): RequestWords {
  const urls = Array.isArray(b['urls']) ? (b['urls'] as Array<Record<string, unknown>>) : [];
  const on = urls.filter((u) => u['enable'] !== false).map((u) => text(u['url']));
  const off = urls.filter((u) => u['enable'] === false).map((u) => text(u['url']));
  const risky = on.filter(fundMoving);
  return {
    title: `Change the permissions of ${keyName(text(b['apiKeyId']), names)}`,
    facts: [
      { label: 'Key', value: text(b['apiKeyId']) },
      { label: 'Title', value: text(b['title']) },
      { label: 'Turns on', value: on.length > 0 ? on.join(', ') : 'nothing' },
      { label: 'Turns off', value: off.length > 0 ? off.join(', ') : 'nothing' },
    ],
    ...(risky.length > 0 ? { warning: `The key will be able to move funds out (${risky.join(', ')}).` } : {}),
  };
}

function keyCreate(b: Record<string, unknown>, names: Names): RequestWords {
  const id = text(b['subAccountId']);
  const sub = names.subAccount(id);
  const withdraws = b['type'] === 2;
  return {
    title: `Create an API key${withdraws ? ' that can withdraw' : ''} for ${sub ? `"${sub}"` : `sub-account ${id}`}`,
    facts: [
      { label: 'Sub-account', value: `${sub ?? 'not on this computer'} (id ${id})` },
      {
        label: 'Key may',
        value: withdraws ? 'information, trading, deposits and withdrawals' : 'information and trading',
      },
      ...('title' in b ? [{ label: 'Title', value: text(b['title']) }] : []),
    ],
    ...(withdraws ? { warning: 'This key can withdraw funds where its URL permissions allow it.' } : {}),
  };
}

/** What a registry and an address book know of the accounts, keys and addresses a request names. */
export function namesIn(
  registry: { list(): ReadonlyArray<{ subAccountId: string | null; apiKey: string; label: string }> },
  book?: Names['book'],
): Names {
  return {
    subAccount: (id) => registry.list().find((a) => a.subAccountId === id)?.label,
    key: (apiKey) => registry.list().find((a) => a.apiKey === apiKey)?.label,
    ...(book ? { book } : {}),
  };
}

/** A policy in words, one fact per rule. */
export function policyFacts(p: DeskPolicy): Fact[] {
  const limits = Object.entries(p.transferLimits);
  return [
    { label: 'Withdrawals and service codes', value: 'every one needs a second operator' },
    { label: 'Where mining rewards are paid', value: 'every change needs a second operator' },
    { label: "Sub-accounts' waiting withdrawals", value: 'every one let go needs a second operator' },
    {
      label: 'Sub-account transfers',
      value:
        limits.length === 0
          ? 'every one needs a second operator'
          : `above ${limits.map(([t, v]) => `${grouped(v)} ${t}`).join(', ')} (any amount of other currencies)`,
    },
    { label: 'Key permission edits', value: p.keyPermissions ? 'need a second operator' : 'one operator' },
    { label: 'Key resets', value: p.keyResets ? 'need a second operator' : 'one operator' },
    {
      label: 'Keys that can move funds',
      value: p.withdrawalKeys ? 'need a second operator' : 'one operator',
    },
    { label: 'Policy changes', value: 'need a second admin' },
    { label: 'Order guards that ask less', value: 'need a second admin' },
    { label: 'A proposal waits', value: `${String(p.approvalMinutes)} minutes` },
  ];
}

/** Order guards that ask less than the desk's, each threshold from what to what. */
function guards(b: Record<string, unknown>): RequestWords {
  const settings = (v: unknown): GuardSettings | undefined => {
    const markets = typeof v === 'object' && v !== null ? (v as { markets?: unknown }).markets : undefined;
    return typeof markets === 'object' && markets !== null ? (v as GuardSettings) : undefined;
  };
  const before = settings(b['replaces']);
  const after = settings(b['settings']);
  const moves = before && after ? guardChanges(before, after) : [];
  return {
    title: "Loosen the desk's order guards",
    facts:
      moves.length > 0
        ? moves.map(({ label, value }) => ({ label, value }))
        : [{ label: 'Guards', value: JSON.stringify(b['settings']) }],
    warning: "Orders beyond the old limits will be sent without asking first, on every operator's app.",
  };
}

function policy(b: Record<string, unknown>): RequestWords {
  const p = (b['policy'] ?? DEFAULT_POLICY) as DeskPolicy;
  const replaces = text(b['replaces']);
  return {
    title: "Change the desk's four-eyes policy",
    facts: [
      ...policyFacts(p),
      {
        label: 'Replaces',
        value: replaces
          ? `the policy set by proposal ${replaces}`
          : 'the default policy (none set on the desk yet)',
      },
    ],
  };
}

/** The request in words, from its path and fields. */
export function describeRequest(
  path: string,
  body: Record<string, unknown>,
  names: Names,
  fundMoving: (url: string) => boolean,
): RequestWords {
  const request = fourEyesRequestOf(path);
  if (request === 'withdrawal') return withdrawal(path, body, names);
  if (request === 'code') return code(body);
  if (request === 'transfer') return transfer(body, names);
  if (request === 'payout') return payout(body, names);
  if (request === 'sub_withdrawal') return subWithdrawal(body);
  if (request === 'key_edit') return keyEdit(body, names, fundMoving);
  if (request === 'key_reset')
    return {
      title: `Reset ${keyName(text(body['apiKeyId']), names)}`,
      facts: [{ label: 'Key', value: text(body['apiKeyId']) }],
      warning: 'The key and its secret stop working at once, everywhere they are used.',
    };
  if (request === 'key_create') return keyCreate(body, names);
  if (request === 'policy') return policy(body);
  if (request === 'guards') return guards(body);
  return {
    title: `Send ${path}`,
    facts: Object.entries(body).map(([label, v]) => ({ label, value: JSON.stringify(v) })),
  };
}
