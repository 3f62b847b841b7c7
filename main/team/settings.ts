/**
 * How this profile joins its team: the server, the database, the operator's login role and the CA
 * that signs the server's certificate, in `profiles/<profile>/team.json`. The password is kept in the
 * OS keychain under `teamPasswordId(profile)`, never in a file. The profile's installation id names
 * the signed-request entries it uploads, so an upload retried after a lost answer is one row.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { z } from 'zod';
import { writeJsonFile } from '../json-file.ts';
import type { Logger } from '../log.ts';
import { TeamProblem } from './problems.ts';

export const teamSettingsSchema = z.strictObject({
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  database: z.string().trim().min(1).max(63),
  /** The operator's PostgreSQL login role: the name the desk knows this operator by. */
  operator: z.string().trim().min(1).max(63),
  /** The CA file the operator chose (shown again in Settings), and its certificates as read then. */
  caFile: z.string().max(4096).nullable(),
  caPem: z.string().max(65_536).nullable(),
  /** Names this profile's uploads (signed-request entries): stays the same for the profile's life. */
  origin: z.uuid(),
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;

export { teamPasswordId } from '../vault/secret-store.ts';

export function readTeamSettings(file: string, log?: Logger): TeamSettings | null {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const parsed = teamSettingsSchema.safeParse(JSON.parse(raw));
  if (parsed.success) return parsed.data;
  log?.log('warn', `the team desk settings in ${file} are not in the expected form; the team desk is off`);
  return null;
}

export function writeTeamSettings(file: string, settings: TeamSettings | null): void {
  if (settings === null) rmSync(file, { force: true });
  else writeJsonFile(file, teamSettingsSchema.parse(settings));
}

export const newOrigin = (): string => randomUUID();

/** 127.0.0.0/8, ::1 and localhost: a server on this computer, where TLS may be left off. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/**
 * The TLS options of a connection: the server's certificate checked against the chosen CA and its
 * name against the host (`verify-full`). Without a CA only a loopback server is allowed, in plain TCP.
 */
export function tlsOptions(settings: Pick<TeamSettings, 'host' | 'caPem'>): ConnectionOptions | false {
  if (settings.caPem) {
    const host = settings.host.replace(/^\[|\]$/g, '');
    return { ca: settings.caPem, rejectUnauthorized: true, ...(isIP(host) ? {} : { servername: host }) };
  }
  if (isLoopback(settings.host)) return false;
  throw new TeamProblem(
    'ca_needed',
    `Choose the CA file of the team server: a server that is not on this computer is reached only over TLS, checked against its CA.`,
    'caFile',
  );
}
