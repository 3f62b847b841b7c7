import type { z } from 'zod';
import type { IpcError } from './contract.ts';

export { UserFacingError } from '../errors.ts';

/** The reply for a failure nobody meant to show: the reference finds its stack in the log. */
export function internalError(reference: string): IpcError {
  return {
    code: 'internal',
    message: `Something went wrong inside the app. The details are in the log under reference ${reference}.`,
  };
}

/** The first issue of a failed validation as one readable error naming the field. */
export function invalidInput(error: z.ZodError): IpcError {
  const issue = error.issues[0];
  if (!issue) return { code: 'invalid_input', message: 'The input is not valid.' };
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined) {
    const field = [...path, issue.keys[0]].join('.');
    return { code: 'invalid_input', message: `${field}: this field is not accepted here`, field };
  }
  const field = path.join('.');
  return field
    ? { code: 'invalid_input', message: `${field}: ${issue.message}`, field }
    : { code: 'invalid_input', message: issue.message };
}
