// `npm run bench [-- NAME_PREFIX]`: runs every test/bench/*.bench.ts whose results start with the
// prefix, prints a table of what ran and writes bench-results.json at the repo root. The file keeps
// the results of the benches that did not run this time (each result says when it was measured);
// what ran replaces its own earlier results under the prefix. Each bench's results are named
// under its own name, and no bench's name begins another's, so a NAME picks one bench.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Bench, BenchResult } from './harness.ts';

type Stored = BenchResult & { at: string };

const prefix = process.argv[2] ?? '';
const dir = import.meta.dirname;
const outFile = process.env.TXC_BENCH_OUT ?? join(dir, '..', '..', 'bench-results.json');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();

const benches: Array<{ file: string; bench: Bench }> = [];
for (const file of files) {
  const bench = ((await import(pathToFileURL(join(dir, file)).href)) as { default: Bench }).default;
  benches.push({ file, bench });
}
const owns = (bench: Bench, name: string) => name === bench.name || name.startsWith(`${bench.name}.`);
// `npm run bench -- NAME` runs one bench: no bench's name is another's, nor begins another's.
for (const a of benches)
  for (const b of benches)
    if (a !== b && owns(a.bench, b.bench.name))
      throw new Error(
        `${b.file} is named "${b.bench.name}", inside ${a.file}'s "${a.bench.name}": a bench's name is its own`,
      );

const ran: Bench[] = [];
const results: BenchResult[] = [];
for (const { file, bench } of benches) {
  if (!bench.name.startsWith(prefix) && !prefix.startsWith(bench.name)) continue;
  process.stderr.write(`running ${file}...\n`);
  ran.push(bench);
  for (const result of await bench.run()) {
    if (!owns(bench, result.name))
      throw new Error(`${file} reported "${result.name}", outside its name "${bench.name}"`);
    if (result.name.startsWith(prefix)) results.push(result);
  }
}

const rows = results.map((r) => [
  r.name,
  String(r.value),
  r.unit,
  r.baseline === null ? '-' : String(r.baseline),
  r.note,
]);
const header = ['name', 'value', 'unit', 'baseline', 'note'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ');
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of rows) console.log(line(row));

/** A stored result this run replaces (under the prefix, of a bench that ran) or of no bench now. */
const replaced = (name: string) =>
  (name.startsWith(prefix) && ran.some((b) => owns(b, name))) ||
  !benches.some(({ bench }) => owns(bench, name));
const earlier: Stored[] = existsSync(outFile)
  ? ((JSON.parse(readFileSync(outFile, 'utf8')) as { results?: Stored[] }).results ?? [])
  : [];
const at = new Date().toISOString();
const stored = [
  ...earlier.filter((r) => !replaced(r.name)),
  ...results.map((r): Stored => ({ ...r, at })),
].sort((a, b) => a.name.localeCompare(b.name));
const out = { node: process.version, cpus: availableParallelism(), results: stored };
writeFileSync(outFile, `${JSON.stringify(out, null, 2)}\n`);
if (results.length === 0) {
  console.error(`no benchmark result matches "${prefix}"`);
  process.exitCode = 1;
}

// Every bench closes what it opened; name anything still holding the process open, then end it so
// `npm run bench` always returns.
const lingering = process
  .getActiveResourcesInfo()
  .filter((r) => !['TTYWrap', 'PipeWrap', 'Immediate'].includes(r));
if (lingering.length > 0) process.stderr.write(`still open after the benches: ${lingering.join(', ')}\n`);
process.exit();
