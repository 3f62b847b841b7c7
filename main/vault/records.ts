/** A registry row as SQLite holds it, the account it reads into, a new account's fields and their checks. */
import { UserFacingError } from '../errors.ts';
import { unreadableLabel } from '../rules/label-skeleton.ts';

export type AccountKind = 'main' | 'sub';

export interface AccountRecord {
  readonly id: string;
  readonly label: string;
  readonly kind: AccountKind;
  readonly subAccountId: string | null;
  /** The public half of the key pair (not a secret). */
  readonly apiKey: string;
  /** `sandbox` for the embedded exchange, else the live REST and WebSocket addresses (`connectionIdOf`). */
  readonly connection: string;
  readonly groups: readonly string[];
  readonly tags: readonly string[];
  readonly favourite: boolean;
  /** URL -> enabled, as the app last set them on this key (unknown URLs are absent). */
  readonly urlPermissions: Readonly<Record<string, boolean>>;
  /** The public key of the account's webhook, when one is set up. */
  readonly webhookApiKey: string | null;
  /** `blocked`: the exchange has this sub-account blocked (its keys stop there), as last set or read. */
  readonly exchangeStatus: 'active' | 'blocked';
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface NewAccount {
  /** The registry id (and keychain entry) to use, chosen before the key existed (a resumable batch). */
  id?: string;
  label: string;
  kind: AccountKind;
  subAccountId?: string | null;
  apiKey: string;
  secret: string;
  connection: string;
  groups?: readonly string[];
  tags?: readonly string[];
}

export interface Row {
  id: string;
  label: string;
  kind: AccountKind;
  sub_account_id: string | null;
  api_key: string;
  connection: string;
  groups_json: string;
  tags_json: string;
  favourite: number;
  url_permissions_json: string;
  webhook_api_key: string | null;
  exchange_status: string;
  created_at: number;
  updated_at: number;
}

export const invalid = (field: string, message: string) =>
  new UserFacingError('invalid_input', `${field}: ${message}`, field);
const TOKEN = /^[\x21-\x7e]{1,255}$/;

/**
 * A label as it is kept: trimmed, 1 to 64 characters, every one of them one a person can see
 * (`unreadableLabel`: no invisible or blank-looking character).
 */
export function checkLabel(label: string): string {
  const trimmed = label.trim();
  if (trimmed.length < 1 || trimmed.length > 64) throw invalid('label', 'must be 1 to 64 characters');
  const unreadable = unreadableLabel(trimmed);
  if (unreadable) throw new UserFacingError('invalid_input', unreadable, 'label');
  return trimmed;
}

export function checkToken(field: string, value: string): string {
  if (!TOKEN.test(value)) throw invalid(field, 'must be 1 to 255 visible characters without spaces');
  return value;
}

export function toRecord(row: Row): AccountRecord {
  return {
    id: row.id,
    label: row.label,
    kind: row.kind,
    subAccountId: row.sub_account_id,
    apiKey: row.api_key,
    connection: row.connection,
    groups: JSON.parse(row.groups_json) as string[],
    tags: JSON.parse(row.tags_json) as string[],
    favourite: row.favourite === 1,
    urlPermissions: JSON.parse(row.url_permissions_json) as Record<string, boolean>,
    webhookApiKey: row.webhook_api_key,
    exchangeStatus: row.exchange_status === 'blocked' ? 'blocked' : 'active',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A label as SQLite's NOCASE compares it: ASCII letters only. */
export const foldLabel = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
