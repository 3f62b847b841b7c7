/**
 * Who is in the team and who is online: the server's login roles that are operators of the desk
 * (members of `txc_operator`, directly or through a group role), whether an app of theirs is
 * connected to this desk's database now, when each was last seen, how many keys each holds and the
 * desk's group roles each is a member of.
 */
import type { DeskRole } from '../policy/kinds.ts';
import type { TeamMemberView } from './records.ts';
import { APPLICATION_NAME, type TeamStore } from './store.ts';

interface MemberRow {
  name: string;
  online: boolean;
  last_seen_ms: string | null;
  keys: string;
  roles: DeskRole[];
}

/** The desk's group roles (schema 2), in the order the Team screen names them. */
const ROLES: readonly DeskRole[] = ['viewer', 'trader', 'treasurer', 'admin'];

export async function listMembers(store: TeamStore): Promise<TeamMemberView[]> {
  const rows = await store.query<MemberRow>(
    `SELECT r.rolname AS name,
       EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.usename = r.rolname AND a.datname = current_database()
               AND a.application_name = $1) AS online,
       (extract(epoch FROM o.last_seen_at) * 1000)::bigint::text AS last_seen_ms,
       (SELECT count(*) FROM key_holders k JOIN accounts x ON x.id = k.account AND x.api_key = k.api_key
         WHERE k.operator = r.rolname AND k.held AND NOT x.removed)::text AS keys,
       ARRAY(SELECT g FROM unnest($2::text[]) WITH ORDINALITY AS u(g, n)
             WHERE pg_has_role(r.oid, 'txc_' || g, 'MEMBER') ORDER BY n) AS roles
     FROM pg_roles r LEFT JOIN operators o ON o.name = r.rolname
     WHERE r.rolcanlogin AND NOT r.rolsuper AND r.rolname <> 'txc_operator'
       AND pg_has_role(r.oid, 'txc_operator', 'MEMBER')
     ORDER BY r.rolname`,
    [APPLICATION_NAME, ROLES],
  );
  return rows.map((r) => ({
    name: r.name,
    you: r.name === store.operator,
    online: r.online,
    lastSeenMs: r.last_seen_ms === null ? null : Number(r.last_seen_ms),
    keys: Number(r.keys),
    roles: r.roles,
  }));
}
