/** The procedures of one account's mining pool accounts. */
import { z } from 'zod';
import { accountId, procedure, type ProcedureDef } from './schemas.ts';
import type { MinerInfoView, RecordView } from './views.ts';

export const miningProcedures = {
  'mining.accounts': procedure<Array<{ name: string; createdAt: number }>>()(
    'The mining accounts of an account.',
    z.strictObject({ accountId }),
  ),
  'mining.info': procedure<MinerInfoView>()(
    'Workers online, offline and low, fee and stratum of a mining account.',
    z.strictObject({ accountId, miningAccount: z.string().min(1).max(255) }),
  ),
  'mining.rewards': procedure<RecordView[]>()(
    'Cached mining rewards, newest first.',
    z.strictObject({ accountId, miningAccount: z.string().min(1).max(255).optional() }),
  ),
  'mining.workerSamples': procedure<
    Array<{ sampledAtMs: number; online: number; offline: number; low: number }>
  >()(
    'Worker counts over time of a mining account (for the chart).',
    z.strictObject({ accountId, miningAccount: z.string().min(1).max(255) }),
  ),
} as const satisfies Record<string, ProcedureDef>;
