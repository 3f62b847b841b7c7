/** What every domain's IPC handler factory draws on: the services a core has running. */
import type { Cache } from '../cache/index.ts';
import type { AppEnvironment } from '../environment.ts';
import type { EventHub } from '../event-hub.ts';
import type { Logger } from '../log.ts';
import type { Platform } from '../platform.ts';
import type { AlertService } from '../services/alerts/alerts.ts';
import type { AttentionWatch } from '../services/desk/attention-watch.ts';
import type { AccountService } from '../services/accounts.ts';
import type { AccountWallet } from '../services/account-wallet.ts';
import type { BalanceMoves } from '../services/balance-moves.ts';
import type { CollateralAccount } from '../services/collateral-account.ts';
import type { FlexInvestments } from '../services/flex.ts';
import type { SubAccountKeys } from '../services/sub-account-keys.ts';
import type { AddressBook } from '../services/address-book.ts';
import type { DeskService } from '../services/desk/desk.ts';
import type { BoardService } from '../services/desk/board.ts';
import type { BoardLive } from '../services/desk/board-live.ts';
import type { BulkActions } from '../services/desk/bulk.ts';
import type { BatchAudit } from '../services/desk/audit.ts';
import type { SignedRequestLog } from '../services/signed-request-log.ts';
import type { Sweeps } from '../services/desk/sweep.ts';
import type { ExchangeConnection } from '../services/exchange-connection.ts';
import type { ConnectionHealth } from '../services/connection-health.ts';
import type { ConnectionSettings } from '../services/connection-settings.ts';
import type { GuardSettingsStore } from '../services/guard-settings.ts';
import type { HistoryService } from '../services/history.ts';
import type { LastKnown } from '../services/last-known.ts';
import type { KnownReads } from '../services/known-reads.ts';
import type { LiveService } from '../services/live.ts';
import type { MiningAccounts } from '../services/mining.ts';
import type { MiningWatch } from '../services/mining-watch.ts';
import type { NotificationService } from '../services/notifications.ts';
import type { LadderService } from '../services/ladder.ts';
import type { OrderControls } from '../services/order-controls.ts';
import type { WebhookService } from '../services/webhooks.ts';
import type { Approvals } from '../services/four-eyes/approvals.ts';
import type { TeamService } from '../services/team.ts';
import type { SubAccountLifecycle } from '../services/subaccounts/lifecycle.ts';
import type { SubAccountApiKeys } from '../services/subaccounts/api-keys.ts';
import type { CreateBatches } from '../services/subaccounts/create-batch.ts';
import type { DepositAddresses } from '../services/deposit-addresses.ts';

export interface HandlerContext {
  readonly environment: AppEnvironment;
  readonly accounts: AccountService;
  readonly connection: ExchangeConnection;
  /** Whether the exchange answers, the sockets and refused keys: the top bar's model. */
  readonly health: ConnectionHealth;
  readonly cache: Cache;
  /** What each screen last showed per account, for painting at once and offline. */
  readonly lastKnown: LastKnown;
  /** Reads that keep what they saw as the last known state, and its recall for the screens. */
  readonly known: KnownReads;
  readonly live: LiveService;
  readonly orderControls: OrderControls;
  /** Ladders of limit orders sent in bulk. */
  readonly ladder: LadderService;
  readonly events: EventHub;
  readonly platform: Platform;
  readonly log: Logger;
  readonly desk: DeskService;
  /** The desk board: every account as last read, refreshed inside each key's budget. */
  readonly board: BoardService;
  /** While a page shows the board: every account follows its WebSocket, the rest is polled. */
  readonly boardLive: BoardLive;
  /** Cancel-all, close-all and flatten across accounts. */
  readonly bulk: BulkActions;
  readonly sweeps: Sweeps;
  readonly deskAudit: BatchAudit;
  readonly history: HistoryService;
  /** The audit log of signed requests (written in batches; a read sees what is queued). */
  readonly signedRequests: SignedRequestLog;
  readonly webhooks: WebhookService;
  readonly notifications: NotificationService;
  /** Price, margin ratio and liquidation distance alerts, evaluated in main. */
  readonly alerts: AlertService;
  /** Board rows entering attention: one notice per refresh, and the rules of when they do. */
  readonly attention: AttentionWatch;
  readonly guards: GuardSettingsStore;
  readonly addressBook: AddressBook;
  readonly wallet: AccountWallet;
  readonly connectionSettings: ConnectionSettings;
  readonly mining: MiningAccounts;
  readonly miningWatch: MiningWatch;
  readonly balanceMoves: BalanceMoves;
  /** The team desk on PostgreSQL this profile joined, if any. */
  readonly team: TeamService;
  /** The desk's four eyes: proposals, decisions, sends and the policy (`services/four-eyes/`). */
  readonly approvals: Approvals;
  readonly subAccountKeys: SubAccountKeys;
  readonly flex: FlexInvestments;
  readonly collateralAccount: CollateralAccount;
  /** Sub-accounts from creation to deletion, with the main key. */
  readonly lifecycle: SubAccountLifecycle;
  readonly subAccountApiKeys: SubAccountApiKeys;
  /** "Create N sub-accounts": previewed, confirmed once, journaled, resumable. */
  readonly createBatches: CreateBatches;
  readonly deposits: DepositAddresses;
}
