import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { procedureNames } from '../../../main/ipc/contract.ts';

const root = new URL('../../../main/domains/', import.meta.url);
const domains = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
/** Feature rooms (`main/features/<feature>/`): a prefix each, its procedures, views and handlers inside. */
const featureRoot = new URL('../../../main/features/', import.meta.url);
const features = readdirSync(featureRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
/** The prefixes a folder holds beside its own name. */
const ALSO: Record<string, string[]> = { history: ['sync'] };

const source = (domain: string, file: string) => readFileSync(new URL(`${domain}/${file}`, root), 'utf8');
const importsOf = (text: string) => [...text.matchAll(/\bfrom '([^']+)'/g)].map((m) => m[1] ?? '');

describe('one folder per domain', () => {
  it('declares every procedure of the contract once, in the folder of its prefix', async () => {
    const owner = new Map<string, string>();
    const rooms = [
      ...domains.map((d) => [d, root] as const),
      ...features.map((f) => [f, featureRoot] as const),
    ];
    for (const [domain, folder] of rooms) {
      const module = (await import(new URL(`${domain}/procedures.ts`, folder).href)) as Record<
        string,
        unknown
      >;
      const declared = module[`${domain}Procedures`];
      expect(declared, `${domain}/procedures.ts exports ${domain}Procedures`).toBeTypeOf('object');
      for (const name of Object.keys(declared as object)) {
        expect([domain, ...(ALSO[domain] ?? [])], name).toContain(name.split('.')[0]);
        expect(owner.get(name), `${name} is declared twice`).toBeUndefined();
        owner.set(name, domain);
      }
    }
    expect([...owner.keys()].sort()).toEqual([...procedureNames].sort());
  });

  it.each(domains)('%s: one handler factory taking the handler context', async (domain) => {
    const module = (await import(new URL(`${domain}/handlers.ts`, root).href)) as Record<string, unknown>;
    expect(module[`${domain}Handlers`]).toBeTypeOf('function');
    expect(source(domain, 'handlers.ts')).toMatch(
      new RegExp(`export function ${domain}Handlers\\([^)]*: HandlerContext,?\\s*\\)`),
    );
  });

  it.each(domains)('%s: handlers leave the exchange to the services', (domain) => {
    for (const from of importsOf(source(domain, 'handlers.ts'))) {
      expect(from, `${domain}/handlers.ts imports ${from}`).not.toMatch(/\/exchange\//);
    }
  });

  it.each(domains)('%s: procedures import nothing the renderer cannot read', (domain) => {
    const allowed = [
      /^zod$/,
      // The views and the shared input pieces (main/views/: plain data and zod, no Node imports).
      /^\.\.\/\.\.\/views\/[a-z-]+\.ts$/,
      /^\.\.\/\.\.\/exchange\/ws\/channels\.ts$/,
      // The order types, as the rules name them (types and one list, no Node imports).
      /^\.\.\/\.\.\/rules\/types\.ts$/,
      // The exchange a person chooses to connect to (one zod shape, no Node imports).
      /^\.\.\/\.\.\/connection-choice\.ts$/,
      /^\.\.\/[a-z]+\/procedures\.ts$/,
    ];
    expect(readdirSync(new URL(`${domain}/`, root))).not.toContain('views.ts');
    for (const from of importsOf(source(domain, 'procedures.ts'))) {
      expect(
        allowed.some((pattern) => pattern.test(from)),
        `${domain}/procedures.ts imports ${from}`,
      ).toBe(true);
    }
  });
});

describe('one room per feature', () => {
  const featureSource = (feature: string, file: string) =>
    readFileSync(new URL(`${feature}/${file}`, featureRoot), 'utf8');

  it.each(features)(
    '%s: one create(deps) and one handler factory, procedures and views the renderer can read',
    async (feature) => {
      const module = (await import(new URL(`${feature}/index.ts`, featureRoot).href)) as Record<
        string,
        unknown
      >;
      expect(module['create']).toBeTypeOf('function');
      expect(featureSource(feature, 'handlers.ts')).toMatch(
        new RegExp(`export function ${feature}Handlers\\(`),
      );
      for (const file of ['procedures.ts', 'views.ts'])
        for (const from of importsOf(featureSource(feature, file)))
          expect(
            [/^zod$/, /^\.\.\/\.\.\/views\/[a-z-]+\.ts$/, /^\.\/views\.ts$/].some((p) => p.test(from)),
            `${feature}/${file} imports ${from}`,
          ).toBe(true);
    },
  );

  it.each(features)('%s: its handlers leave the exchange to its services', (feature) => {
    for (const from of importsOf(featureSource(feature, 'handlers.ts')))
      expect(from).not.toMatch(/\/exchange\//);
  });
});
