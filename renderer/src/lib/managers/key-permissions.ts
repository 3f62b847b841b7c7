/**
 * A sub-account key's URL permissions as this app last set them, in the words of the capability
 * table: which capabilities are on, off or partly on. The exchange cannot read a key's settings
 * back, so what the app set is all that is ever known.
 */
import type { KeyCapabilityView } from '../../../../main/ipc/contract.ts';

/** "Read balances and history, Trade spot on · Withdraw off · Transfers partly on". */
export function capabilitySummary(
  capabilities: readonly KeyCapabilityView[],
  urls: Readonly<Record<string, boolean>>,
): string {
  const on: string[] = [];
  const off: string[] = [];
  const partly: string[] = [];
  for (const c of capabilities) {
    const set = c.urls.map((u) => urls[u]).filter((v): v is boolean => v !== undefined);
    if (set.length === 0) continue;
    if (set.length === c.urls.length && set.every((v) => v)) on.push(c.label);
    else if (set.length === c.urls.length && set.every((v) => !v)) off.push(c.label);
    else partly.push(c.label);
  }
  const known = new Set(capabilities.flatMap((c) => c.urls));
  const single = Object.keys(urls).filter((u) => !known.has(u)).length;
  const parts = [
    on.length > 0 ? `${on.join(', ')} on` : '',
    off.length > 0 ? `${off.join(', ')} off` : '',
    partly.length > 0 ? `${partly.join(', ')} partly set` : '',
    single > 0 ? `${String(single)} single URL${single === 1 ? '' : 's'} set` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'nothing set';
}
