/** The order guards as a feature: the price band, value ceilings and budget every order send reads. */
import type { GuardSettingsStore } from '../../services/guard-settings.ts';
import { guardsHandlers } from './handlers.ts';

export function create(deps: { guards: GuardSettingsStore }) {
  return { handlers: guardsHandlers(deps), close: () => undefined };
}
