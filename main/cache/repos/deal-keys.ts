import { prepared, type ReadableDB, type WritableDB } from '../db.ts';

/**
 * Account and market names of deals live in two small tables (`deal_accounts`, `deal_markets`) and
 * deals carry their integer `ref`. Each connection keeps both directions in memory; a reader reloads
 * when it meets a ref it does not know yet (the writer added it since).
 */
interface Dictionary {
  refs: Map<string, number>;
  names: Map<number, string>;
  maxRef: number;
}

type Kind = 'account' | 'market';
const TABLE = { account: 'deal_accounts', market: 'deal_markets' } as const;

const dictionaries = new WeakMap<ReadableDB, Record<Kind, Dictionary>>();

function dictionary(db: ReadableDB, kind: Kind): Dictionary {
  let both = dictionaries.get(db);
  if (!both) {
    both = {
      account: { refs: new Map(), names: new Map(), maxRef: 0 },
      market: { refs: new Map(), names: new Map(), maxRef: 0 },
    };
    dictionaries.set(db, both);
  }
  return both[kind];
}

function reload(db: ReadableDB, kind: Kind): Dictionary {
  const d = dictionary(db, kind);
  const rows = prepared(db, `SELECT ref, ${kind} AS name FROM ${TABLE[kind]} WHERE ref > ? ORDER BY ref`).all(
    d.maxRef,
  ) as { ref: number; name: string }[];
  for (const { ref, name } of rows) {
    d.refs.set(name, ref);
    d.names.set(ref, name);
    d.maxRef = ref;
  }
  return d;
}

/** The ref of a name, or null when no deal has used it yet. */
export function findRef(db: ReadableDB, kind: Kind, name: string): number | null {
  return dictionary(db, kind).refs.get(name) ?? reload(db, kind).refs.get(name) ?? null;
}

/** The ref of a name, creating it. Call inside the write transaction that uses it. */
export function refFor(db: WritableDB, kind: Kind, name: string): number {
  const known = findRef(db, kind, name);
  if (known !== null) return known;
  prepared(db, `INSERT INTO ${TABLE[kind]} (${kind}) VALUES (?)`).run(name);
  const ref = reload(db, kind).refs.get(name);
  if (ref === undefined) throw new Error(`${kind} "${name}" was not stored`);
  return ref;
}

export function nameOf(db: ReadableDB, kind: Kind, ref: number): string {
  const name = dictionary(db, kind).names.get(ref) ?? reload(db, kind).names.get(ref);
  if (name === undefined) throw new Error(`no ${kind} has ref ${ref}`);
  return name;
}

/** Forgets the cached names after a rolled-back write, which may have cached refs that were undone. */
export function forgetKeys(db: ReadableDB): void {
  dictionaries.delete(db);
}
