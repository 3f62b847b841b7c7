// Each screen is its own chunk, loaded on first use (App.svelte shows it through ViewLoader); main.ts
// starts the one the window opens on while the frame's own code still loads.
import type { SectionId } from '../lib/managers/sections.ts';
import { LazyView } from '../lib/managers/lazy-view.svelte.ts';
import type AccountsView from './AccountsView.svelte';
import type ApprovalsView from './ApprovalsView.svelte';
import type BoardView from './BoardView.svelte';
import type EventsView from './EventsView.svelte';
import type HistoryView from './HistoryView.svelte';
import type MiningView from './MiningView.svelte';
import type PositionsView from './PositionsView.svelte';
import type ReportsView from './ReportsView.svelte';
import type SettingsView from './SettingsView.svelte';
import type SubAccountsView from './SubAccountsView.svelte';
import type TeamView from './TeamView.svelte';
import type TradeView from './TradeView.svelte';
import type WalletView from './WalletView.svelte';

// Written out so the type names each component (an inferred one would name their private Props).
interface Screens {
  board: LazyView<typeof BoardView>;
  accounts: LazyView<typeof AccountsView>;
  trade: LazyView<typeof TradeView>;
  positions: LazyView<typeof PositionsView>;
  history: LazyView<typeof HistoryView>;
  reports: LazyView<typeof ReportsView>;
  wallet: LazyView<typeof WalletView>;
  'sub-accounts': LazyView<typeof SubAccountsView>;
  mining: LazyView<typeof MiningView>;
  events: LazyView<typeof EventsView>;
  approvals: LazyView<typeof ApprovalsView>;
  team: LazyView<typeof TeamView>;
  settings: LazyView<typeof SettingsView>;
}

export const screens: Screens = {
  board: new LazyView(() => import('./BoardView.svelte')),
  accounts: new LazyView(() => import('./AccountsView.svelte')),
  trade: new LazyView(() => import('./TradeView.svelte')),
  positions: new LazyView(() => import('./PositionsView.svelte')),
  history: new LazyView(() => import('./HistoryView.svelte')),
  reports: new LazyView(() => import('./ReportsView.svelte')),
  wallet: new LazyView(() => import('./WalletView.svelte')),
  'sub-accounts': new LazyView(() => import('./SubAccountsView.svelte')),
  mining: new LazyView(() => import('./MiningView.svelte')),
  events: new LazyView(() => import('./EventsView.svelte')),
  approvals: new LazyView(() => import('./ApprovalsView.svelte')),
  team: new LazyView(() => import('./TeamView.svelte')),
  settings: new LazyView(() => import('./SettingsView.svelte')),
} satisfies Record<SectionId, LazyView<unknown>>;
