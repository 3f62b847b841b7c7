// What a key-permission change reads as: the URL rows a person's choices make, and each value in words.
import type { KeyCapabilityView } from '../../../../main/ipc/contract.ts';

export interface PermissionRow {
  url: string;
  enable: boolean;
}

/** "unknown", "enabled" or "disabled" for a permission value. */
export function permissionWord(value: boolean | 'unknown'): string {
  return value === 'unknown' ? 'unknown' : value ? 'enabled' : 'disabled';
}

/**
 * The URL changes of the capabilities a person switched (on: every URL of it enabled; off: every
 * URL disabled; untouched capabilities send nothing), then the single URLs typed by hand.
 */
export function permissionRows(
  capabilities: readonly KeyCapabilityView[],
  choices: Readonly<Record<string, boolean>>,
  single: readonly PermissionRow[] = [],
): PermissionRow[] {
  const rows: Record<string, boolean> = {};
  for (const c of capabilities) {
    const enable = choices[c.id];
    if (enable !== undefined) for (const url of c.urls) rows[url] = enable;
  }
  for (const r of single) if (r.url.trim()) rows[r.url.trim()] = r.enable;
  return Object.entries(rows).map(([url, enable]) => ({ url, enable }));
}
