import type { z } from 'zod';
import type { IpcError } from './contract.ts';

import { fieldWords } from '../errors.ts';

export { fieldWords, UserFacingError } from '../errors.ts';

/** The reply for a failure nobody meant to show: the reference finds its stack in the log. */
export function internalError(reference: string): IpcError {
  return {
    code: 'internal',
    message: `Something went wrong inside the app. The details are in the log under reference ${reference}.`,
  };
}

/** The validator's own wording, which a person should not read; the schemas' own messages are kept. */
const VALIDATOR_WORDS = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

/** What is wrong with a value, in words: the schemas' own messages as written ("must be …"), else ours. */
function problem(issue: z.core.$ZodIssue): string {
  if (!VALIDATOR_WORDS.test(issue.message)) return issue.message;
  const many = (n: unknown, one: string) => `${String(n)} ${one}${n === 1 ? '' : 's'}`;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${article(issue.expected)}`;
    case 'too_big':
      if (issue.origin === 'string') return `is too long: at most ${many(issue.maximum, 'character')}`;
      if (issue.origin === 'array') return `has too many entries: at most ${String(issue.maximum)}`;
      return `must be at most ${String(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1
          ? 'is required'
          : `is too short: at least ${many(issue.minimum, 'character')}`;
      if (issue.origin === 'array')
        return `needs at least ${many(issue.minimum, 'entry').replace('entrys', 'entries')}`;
      return `must be at least ${String(issue.minimum)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'uuid' ? 'is not a valid id' : 'is not in the expected form';
    default:
      return 'is not valid';
  }
}

function article(expected: string): string {
  const words: Record<string, string> = {
    string: 'text',
    number: 'a number',
    int: 'a whole number',
    boolean: 'yes or no',
    array: 'a list',
    object: 'a set of fields',
  };
  return words[expected] ?? `a ${expected}`;
}

/** The first issue of a failed validation as one readable error naming the field in words. */
export function invalidInput(error: z.ZodError): IpcError {
  const issue = error.issues[0];
  if (!issue) return { code: 'invalid_input', message: 'The input is not valid.' };
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined) {
    const keyPath = [...path, issue.keys[0]];
    return {
      code: 'invalid_input',
      message: `${fieldWords(keyPath)} is not accepted here.`,
      field: keyPath.join('.'),
    };
  }
  const field = path.join('.');
  const words = problem(issue).replace(/\.$/, '');
  // "must …", "is …" read after the field's name; a message of a check of its own stands alone.
  const sentence = /^(must|is|has|may|should|cannot|needs)\b/.test(words)
    ? `${field ? fieldWords(path) : 'The input'} ${words}.`
    : `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
  return field
    ? { code: 'invalid_input', message: sentence, field }
    : { code: 'invalid_input', message: sentence };
}
