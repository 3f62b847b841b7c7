// `npm run bench [-- NAME_PREFIX]`: runs every test/bench/*.bench.ts whose results start with the
// prefix, prints a table and writes bench-results.json at the repo root.
import { readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Bench, BenchResult } from './harness.ts';

const prefix = process.argv[2] ?? '';
const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();

const results: BenchResult[] = [];
for (const file of files) {
  const bench = ((await import(pathToFileURL(join(dir, file)).href)) as { default: Bench }).default;
  if (!bench.name.startsWith(prefix) && !prefix.startsWith(bench.name)) continue;
  process.stderr.write(`running ${file}...\n`);
  for (const result of await bench.run()) if (result.name.startsWith(prefix)) results.push(result);
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

const out = { node: process.version, cpus: availableParallelism(), results };
writeFileSync(
  process.env.TXC_BENCH_OUT ?? join(dir, '..', '..', 'bench-results.json'),
  `${JSON.stringify(out, null, 2)}\n`,
);
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
