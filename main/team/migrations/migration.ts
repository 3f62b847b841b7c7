/** One step of the team store's schema: run once, in order, by the desk's admin (see ../schema.ts). */
export interface TeamMigration {
  readonly version: number;
  readonly name: string;
  /** SQL run as the role that owns the tables, inside the setup's one transaction. */
  readonly sql: string;
}
