/** The exchange's webhooks as a feature: the receiver (signature, nonce, dedupe, persist) and its events. */
import type { MainBus } from '../../bus.ts';
import type { Cache } from '../../cache/index.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import { WebhookService } from './service.ts';
import type { SecretStore } from '../../vault/secret-store.ts';
import { webhooksHandlers } from './handlers.ts';

export interface WebhooksDeps {
  cache: Cache;
  accounts: AccountService;
  secrets: SecretStore;
  platform: Platform;
  bus: MainBus;
  profileDir: string;
}

export function create(deps: WebhooksDeps) {
  const webhooks = new WebhookService(
    deps.cache,
    deps.accounts,
    deps.secrets,
    deps.platform,
    deps.bus,
    deps.profileDir,
  );
  return { handlers: webhooksHandlers({ webhooks, cache: deps.cache }), close: () => webhooks.close() };
}
