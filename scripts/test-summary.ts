// Prints vitest's JSON report as one closing line: `tests: N passed, N failed, N skipped`. A test file
// that failed without a failing test (it could not be imported, or a hook threw) counts as one failed
// test, so a suite that never ran can never read as "0 failed".
import { existsSync, readFileSync } from 'node:fs';

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults?: Array<{ status: string }>;
  }>;
}

/** The closing line for a vitest JSON report, and the files that failed outside any test. */
export function summarize(report: Report): { line: string; brokenFiles: string[] } {
  const brokenFiles = (report.testResults ?? [])
    .filter((r) => r.status === 'failed' && !(r.assertionResults ?? []).some((a) => a.status === 'failed'))
    .map((r) => r.name);
  const failed = report.numFailedTests + brokenFiles.length;
  const skipped = report.numPendingTests + report.numTodoTests;
  return {
    line: `tests: ${report.numPassedTests} passed, ${failed} failed, ${skipped} skipped`,
    brokenFiles,
  };
}

if (import.meta.main) {
  const file = process.argv[2] ?? 'test-results/vitest.json';
  if (!existsSync(file)) {
    console.log('tests: 0 passed, 0 failed (the test run stopped before vitest: see the step above)');
    process.exit(1);
  }
  const { line, brokenFiles } = summarize(JSON.parse(readFileSync(file, 'utf8')) as Report);
  for (const name of brokenFiles) console.log(`failed outside any test (import or hook): ${name}`);
  console.log(line);
}
