import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { procedureNames } from '../../../main/ipc/contract.ts';

/** Feature rooms (`main/features/<feature>/`): procedures, handlers, services and views inside. */
const root = new URL('../../../main/features/', import.meta.url);
const features = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
/** The prefixes a feature answers when they are not its own name alone. */
const PREFIXES: Record<string, string[]> = {
  desk: ['board'],
  live: ['live', 'known'],
  orders: ['orders', 'balances'],
  team: ['team', 'approvals'],
};
const prefixesOf = (feature: string) => PREFIXES[feature] ?? [feature];
/** Prefixes declared and answered beside another's, in its object and factory. */
const ALSO: Record<string, string[]> = { history: ['sync'] };

const filesOf = (feature: string) => readdirSync(new URL(`${feature}/`, root));
const source = (feature: string, file: string) => readFileSync(new URL(`${feature}/${file}`, root), 'utf8');
const importsOf = (text: string) => [...text.matchAll(/\bfrom '([^']+)'/g)].map((m) => m[1] ?? '');
const handlerFiles = (feature: string) => filesOf(feature).filter((f) => /(^|-)handlers\.ts$/.test(f));

describe('one room per feature', () => {
  it('declares every procedure of the contract once, in procedures.ts of the feature that answers its prefix', async () => {
    const owner = new Map<string, string>();
    for (const feature of features) {
      const module = (await import(new URL(`${feature}/procedures.ts`, root).href)) as Record<
        string,
        unknown
      >;
      for (const prefix of prefixesOf(feature)) {
        const declared = module[`${prefix}Procedures`];
        expect(declared, `${feature}/procedures.ts exports ${prefix}Procedures`).toBeTypeOf('object');
        for (const name of Object.keys(declared as object)) {
          expect([prefix, ...(ALSO[prefix] ?? [])], name).toContain(name.split('.')[0]);
          expect(owner.get(name), `${name} is declared twice`).toBeUndefined();
          owner.set(name, feature);
        }
      }
    }
    expect([...owner.keys()].sort()).toEqual([...procedureNames].sort());
  });

  it.each(features)('%s: one create(deps), and a handler factory per prefix', async (feature) => {
    const module = (await import(new URL(`${feature}/index.ts`, root).href)) as Record<string, unknown>;
    expect(module['create']).toBeTypeOf('function');
    const factories = handlerFiles(feature).map((file) => source(feature, file));
    for (const prefix of prefixesOf(feature))
      expect(
        factories.some((text) => new RegExp(`export function ${prefix}Handlers\\(`).test(text)),
        `${feature} has ${prefix}Handlers`,
      ).toBe(true);
    for (const text of factories) expect(text).not.toMatch(/HandlerContext/);
  });

  it.each(features)('%s: its handlers leave the exchange to its services', (feature) => {
    for (const file of handlerFiles(feature))
      for (const from of importsOf(source(feature, file)))
        expect(from, `${feature}/${file} imports ${from}`).not.toMatch(/\/exchange\//);
  });

  it.each(features)('%s: procedures and views import nothing the renderer cannot read', (feature) => {
    const allowed = [
      /^zod$/,
      // The views and the shared input pieces (main/views/: plain data and zod, no Node imports).
      /^\.\.\/\.\.\/views\/[a-z-]+\.ts$/,
      /^\.\/views\.ts$/,
      /^\.\.\/\.\.\/exchange\/ws\/channels\.ts$/,
      // The order types, as the rules name them (types and one list, no Node imports).
      /^\.\.\/\.\.\/rules\/types\.ts$/,
      // The exchange a person chooses to connect to (one zod shape, no Node imports).
      /^\.\.\/\.\.\/connection-choice\.ts$/,
    ];
    for (const file of ['procedures.ts', 'views.ts'].filter((f) => filesOf(feature).includes(f)))
      for (const from of importsOf(source(feature, file)))
        expect(
          allowed.some((pattern) => pattern.test(from)),
          `${feature}/${file} imports ${from}`,
        ).toBe(true);
  });
});
