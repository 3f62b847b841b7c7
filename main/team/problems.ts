/**
 * Every way the team store can fail, as one sentence a person can act on. `unreachable` failures
 * (no server, a lost connection) are retried by themselves; the others wait for the operator or the
 * desk's admin (a wrong password is not tried again and again against the server).
 */
import { UserFacingError } from '../errors.ts';

export type TeamProblemCode =
  | 'unreachable'
  | 'lost'
  | 'password'
  | 'not_allowed'
  | 'no_database'
  | 'tls_required'
  | 'tls_refused'
  | 'tls_untrusted'
  | 'ca_needed'
  | 'schema_missing'
  | 'schema_older'
  | 'schema_newer'
  | 'not_joined'
  | 'failed';

export class TeamProblem extends UserFacingError {
  declare readonly code: TeamProblemCode;

  constructor(code: TeamProblemCode, message: string, field?: string) {
    super(code, message, field);
    this.name = 'TeamProblem';
  }

  /** The server could not be reached (or the connection broke): trying again later may work. */
  get transient(): boolean {
    return this.code === 'unreachable' || this.code === 'lost';
  }
}

export interface TeamAddress {
  host: string;
  port: number;
  database: string;
  operator: string;
}

const where = (t: TeamAddress) => `${t.host}:${String(t.port)}`;

/** Node's and the pg driver's errors, read as one of the sentences above. */
export function explainTeamFailure(error: unknown, target: TeamAddress): TeamProblem {
  if (error instanceof TeamProblem) return error;
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  if (code === '28P01')
    return new TeamProblem(
      'password',
      `The team server refused the password of operator "${target.operator}": enter it again in Settings → Team desk.`,
      'password',
    );
  if (code === '28000') {
    if (/no encryption/i.test(message))
      return new TeamProblem(
        'tls_required',
        `The team server at ${where(target)} accepts only encrypted connections: choose its CA file in Settings → Team desk.`,
        'caFile',
      );
    return new TeamProblem(
      'not_allowed',
      `The team server does not let operator "${target.operator}" in from this computer: ask the desk's admin.`,
    );
  }
  if (code === '3D000')
    return new TeamProblem(
      'no_database',
      `The team server at ${where(target)} has no database "${target.database}".`,
      'database',
    );
  if (code === '42501')
    return new TeamProblem(
      'not_allowed',
      `Operator "${target.operator}" is not a member of the desk's operators on the team server: ask the desk's admin.`,
    );
  if (/does not support SSL/i.test(message))
    return new TeamProblem(
      'tls_refused',
      `The team server at ${where(target)} does not offer TLS, so the app did not connect to it: ask the desk's admin to turn TLS on.`,
      'caFile',
    );
  if (
    /certificate|self.signed|unable to verify|altname|ERR_TLS|UNABLE_TO|DEPTH_ZERO/i.test(
      `${code} ${message}`,
    )
  )
    return new TeamProblem(
      'tls_untrusted',
      `The team server at ${where(target)} did not show a certificate for "${target.host}" signed by the chosen CA, so the app did not connect to it.`,
      'caFile',
    );
  if (
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code) ||
    /timeout|terminated|ECONNRESET|Connection ended|closed/i.test(`${code} ${message}`) ||
    code.startsWith('57P') ||
    code.startsWith('08')
  )
    return new TeamProblem('unreachable', `The team server at ${where(target)} cannot be reached.`);
  return new TeamProblem('failed', `The team server at ${where(target)} answered with an error: ${message}`);
}
