import type { z } from 'zod';
import type { IpcError } from './contract.ts';

/**
 * An error meant for the person at the desk: its code, message and field cross the bridge as they are.
 * Services throw it (or a subclass) for failures the user can act on.
 */
export class UserFacingError extends Error {
  readonly code: string;
  readonly field: string | undefined;

  constructor(code: string, message: string, field?: string) {
    super(message);
    this.name = 'UserFacingError';
    this.code = code;
    this.field = field;
  }

  toIpcError(): IpcError {
    return this.field === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, field: this.field };
  }
}

export const INTERNAL_ERROR: IpcError = {
  code: 'internal',
  message: 'Something went wrong inside the app. The details are in the log.',
};

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
