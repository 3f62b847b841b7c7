import { describe, expect, it } from 'vitest';
import { summarize } from '../../scripts/test-summary.ts';

const counts = { numPassedTests: 12, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0 };

describe('CI closing line', () => {
  it('counts the tests of a clean run', () => {
    const report = {
      ...counts,
      testResults: [{ name: 'a.test.ts', status: 'passed', assertionResults: [] }],
    };
    expect(summarize(report)).toEqual({ line: 'tests: 12 passed, 0 failed, 1 skipped', brokenFiles: [] });
  });

  it('counts a file that failed to import as a failure, never as "0 failed"', () => {
    const report = {
      ...counts,
      testResults: [
        { name: 'ok.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
        { name: 'broken.test.ts', status: 'failed', message: 'Cannot find module', assertionResults: [] },
      ],
    };
    expect(summarize(report)).toEqual({
      line: 'tests: 12 passed, 1 failed, 1 skipped',
      brokenFiles: ['broken.test.ts'],
    });
  });

  it('does not count a file twice when its failure is a failing test', () => {
    const report = {
      ...counts,
      numFailedTests: 2,
      testResults: [
        {
          name: 'red.test.ts',
          status: 'failed',
          assertionResults: [{ status: 'failed' }, { status: 'failed' }, { status: 'passed' }],
        },
      ],
    };
    expect(summarize(report).line).toBe('tests: 12 passed, 2 failed, 1 skipped');
  });
});
