/** Flex investments. */
import { z } from 'zod';
import { WRITE, type KeyCaller } from './shapes.ts';

/** Closes an ACTIVE investment and withdraws all its funds; answers the transaction id. */
export async function closeInvestment(c: KeyCaller, plan: string): Promise<string> {
  const schema = z.looseObject({
    data: z.looseObject({ transaction_id: z.union([z.string(), z.number()]) }),
  });
  const answer = await c.post('/api/v4/main-account/smart-flex/investments/close', { plan }, schema, WRITE);
  return String(answer.data.transaction_id);
}
