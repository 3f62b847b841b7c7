/** A registry row as SQLite holds it, read into an `AccountRecord`, and the checks of its fields. */
import { UserFacingError } from '../errors.ts';
import type { AccountKind, AccountRecord } from './registry.ts';

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

export function checkLabel(label: string): string {
  const trimmed = label.trim();
  if (trimmed.length < 1 || trimmed.length > 64) throw invalid('label', 'must be 1 to 64 characters');
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
