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

  onTestCaseResult(test: TestCase) {
    if (test.diagnostic()?.flaky)
      this.flaky.push(`${test.module.moduleId.replace(/^.*\/tests\//, 'tests/')} > ${test.fullName}`);
  }

  onTestRunEnd() {
    if (this.flaky.length) {
      console.log(`\nPassed only on a retry (${this.flaky.length}):\n${this.flaky.map((f) => `  - ${f}`).join('\n')}`);
    }
    if (process.env.FLAKY_REPORT) writeFileSync(process.env.FLAKY_REPORT, JSON.stringify(this.flaky));
  }
}
