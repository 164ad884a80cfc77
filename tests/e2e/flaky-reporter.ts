/**
 * Names the browser tests that failed and then passed on their retry (vitest.config.ts gives
 * each browser test one retry under `npm test`). A retry keeps one slow moment on a loaded
 * two-core machine from failing the whole run, but such a test is still a defect to look at:
 * this lists them at the end of the run and in FLAKY_REPORT, which scripts/test.mjs prints in
 * its last lines.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  private flaky: string[] = [];
  private firstErrors: string[] = [];

  onTestCaseResult(test: TestCase) {
    if (!test.diagnostic()?.flaky) return;
    this.flaky.push(`${test.module.moduleId.replace(/^.*\/tests\//, 'tests/')} > ${test.fullName}`);
    // vitest keeps the failed try's error on a test that then passed, but prints none of it.
    const error = test.result().errors?.[0];
    const text = error ? `${error.name ?? 'Error'}: ${error.message}` : '(no error kept)';
    this.firstErrors.push(text.split('\n').slice(0, 12).join('\n      '));
  }

  onTestRunEnd() {
    if (this.flaky.length) {
      const lines = this.flaky.map((f, i) => `  - ${f}\n    its failed try: ${this.firstErrors[i]}`);
      console.log(`\nPassed only on a retry (${this.flaky.length}):\n${lines.join('\n')}`);
    }
    if (process.env.FLAKY_REPORT) writeFileSync(process.env.FLAKY_REPORT, JSON.stringify(this.flaky));
  }
}
