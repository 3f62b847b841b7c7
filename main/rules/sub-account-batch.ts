/**
 * The rules of "Create N sub-accounts": the names a pattern gives (`desk-{nnn}` -> desk-001, ...),
 * the e-mail pattern when KYC is not shared, and the funding amount, each refused in words before
 * anything is asked or sent.
 */
import type { Dec } from './decimal.ts';
import { parsePlain } from './decimal.ts';
import type { RuleIssue } from './types.ts';

/** The most sub-accounts one batch creates. */
export const MAX_BATCH = 1000;
const PLACEHOLDER = /\{(n+)\}/g;
const ALIAS = /^[\p{L}\p{N} ._@+-]{1,64}$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `{n}` (or `{nnn}`: zero-padded to that width) replaced by `n`. */
function fill(pattern: string, n: number): string {
  return pattern.replace(PLACEHOLDER, (_, ns: string) => String(n).padStart(ns.length, '0'));
}

/** The number range of a batch, or the issue with it. */
function checkRange(start: number, count: number): RuleIssue | undefined {
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_BATCH)
    return { field: 'count', message: `Create from 1 to ${String(MAX_BATCH)} sub-accounts at once.` };
  if (!Number.isSafeInteger(start) || start < 0 || start > 999_999)
    return { field: 'start', message: 'The first number is a whole number from 0 to 999999.' };
  return undefined;
}

/** The pattern filled in for each number, after the range and the one placeholder are checked. */
function expand(
  pattern: string,
  start: number,
  count: number,
  field: string,
  example: string,
): { texts: string[] } | { issue: RuleIssue } {
  const range = checkRange(start, count);
  if (range) return { issue: range };
  if ((pattern.match(PLACEHOLDER) ?? []).length !== 1)
    return { issue: { field, message: `Put {n} once where the number goes, e.g. ${example}.` } };
  const texts = Array.from({ length: count }, (_, i) => fill(pattern.trim(), start + i));
  if (new Set(texts).size !== texts.length)
    return { issue: { field, message: 'The pattern gives the same text twice: widen {n}.' } };
  return { texts };
}

/** The longest part of the pattern every name holds as it is (empty for a pattern that is only {n}). */
export function fixedPart(pattern: string): string {
  return pattern
    .trim()
    .split(PLACEHOLDER)
    .filter((_, i) => i % 2 === 0)
    .reduce((a, b) => (b.length > a.length ? b : a), '');
}

/** The `count` names of `pattern` from number `start`, or the issue with the pattern. */
export function expandNames(
  pattern: string,
  start: number,
  count: number,
): { names: string[] } | { issue: RuleIssue } {
  const out = expand(pattern, start, count, 'pattern', 'desk-{nnn} for desk-001, desk-002, …');
  if ('issue' in out) return out;
  const bad = out.texts.find((name) => !ALIAS.test(name));
  if (bad !== undefined)
    return {
      issue: {
        field: 'pattern',
        message: `The name "${bad}" is not allowed for a sub-account: use 1 to 64 letters, digits, spaces and . _ @ + - only.`,
      },
    };
  return { names: out.texts };
}

/** The e-mail address of each number (shared KYC needs none), or the issue. */
export function expandEmails(
  pattern: string,
  start: number,
  count: number,
): { emails: string[] } | { issue: RuleIssue } {
  const out = expand(pattern, start, count, 'emailPattern', 'desk+{nnn}@example.com');
  if ('issue' in out) return out;
  const bad = out.texts.find((e) => !EMAIL.test(e) || e.length > 255);
  if (bad !== undefined)
    return { issue: { field: 'emailPattern', message: `The address "${bad}" is not an e-mail address.` } };
  return { emails: out.texts };
}

/** One sub-account's name, or the issue with it. */
export function checkAlias(alias: string): RuleIssue | undefined {
  return ALIAS.test(alias.trim())
    ? undefined
    : {
        field: 'alias',
        message: 'A sub-account name has 1 to 64 letters, digits, spaces and . _ @ + - only.',
      };
}

/** One sub-account's e-mail address, or the issue with it. */
export function checkEmail(email: string): RuleIssue | undefined {
  return EMAIL.test(email.trim()) && email.length <= 255
    ? undefined
    : { field: 'email', message: `The address "${email.trim()}" is not an e-mail address.` };
}

/** The funding each new sub-account gets: a positive amount with at most 8 decimals (the transfer's). */
export function checkFunding(amount: string): { amount: Dec } | { issue: RuleIssue } {
  const parsed = parsePlain(amount.trim());
  if (!parsed || !parsed.gt(0))
    return {
      issue: { field: 'fundingAmount', message: 'The funding is an amount more than 0, such as 25 or 0.5.' },
    };
  if (parsed.decimalPlaces() > 8)
    return { issue: { field: 'fundingAmount', message: 'The funding has at most 8 decimal places.' } };
  if (parsed.lt('0.00000001'))
    return { issue: { field: 'fundingAmount', message: 'The smallest transfer is 0.00000001.' } };
  return { amount: parsed };
}
