/**
 * What a connection does as it joins the desk: the schema is checked (and the desk's id read), this
 * operator recorded with the app's version, this profile's log origin claimed (once, as its own), and
 * the desk's notifications listened to.
 */
import type pg from 'pg';
import type { Logger } from '../log.ts';
import { checkTeamSchema } from './schema.ts';

/** The channel every replicated table notifies on, with the table's name as payload. */
export const DESK_CHANNEL = 'txc_desk';

/** Joins the desk on `listener`; answers the desk's id. */
export async function joinDesk(
  listener: pg.Client,
  self: { appVersion: string; origin: string; log: Logger },
): Promise<string> {
  const deskId = await checkTeamSchema(listener);
  await listener.query(
    `INSERT INTO operators (name, app_version) VALUES (current_user, $1)
     ON CONFLICT (name) DO UPDATE SET last_seen_at = now(), app_version = excluded.app_version`,
    [self.appVersion],
  );
  // The origin this profile's log entries go up under is this operator's alone (claimed once).
  await listener
    .query(
      `INSERT INTO operator_origins (origin) SELECT $1::uuid
       WHERE NOT EXISTS (SELECT 1 FROM operator_origins WHERE origin = $1::uuid) ON CONFLICT DO NOTHING`,
      [self.origin],
    )
    .catch((error: unknown) =>
      self.log.log('warn', "this profile's log origin could not be claimed on the team store", error),
    );
  await listener.query(`LISTEN ${DESK_CHANNEL}`);
  return deskId;
}
