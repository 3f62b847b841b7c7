/**
 * What an app error code means, in words, for the places that keep only the code (the batch audit
 * log stores codes, never messages). The code itself stays out of sight (a `data-code` attribute).
 */
const WORDS: Readonly<Record<string, string>> = {
  rule_violation: 'Broke a pre-trade rule; nothing was sent',
  invalid_input: 'A value was not valid; nothing was sent',
  validation_failed: 'The exchange refused a value',
  exchange_rejected: 'The exchange refused it',
  rate_limited: 'Too many requests: the exchange asked to slow down',
  auth_failed: 'The exchange did not accept the key',
  forbidden: 'The key is not allowed to do this',
  nonce_rejected: 'The exchange refused the request number',
  network_error: 'The exchange could not be reached',
  timeout: 'The exchange did not answer in time',
  not_found: 'Not found',
  duplicate: 'Already done',
  not_confirmed: 'Not confirmed',
  needs_confirmation: 'Waiting for a confirmation',
  preview_stale: 'The preview was out of date',
  region_blocked: 'Not available in this region',
  internal: 'Something went wrong inside the app (see the log)',
};

export function errorCodeWords(code: string): string {
  return WORDS[code] ?? 'Failed';
}
