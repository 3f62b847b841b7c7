// Prints vitest's JSON report as one closing line: `tests: N passed, N failed, N skipped`.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'test-results/vitest.json';
if (!existsSync(file)) {
  console.log('tests: 0 passed, 0 failed (the test run stopped before vitest: see the step above)');
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8')) as {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
};
console.log(
  `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`,
);
