/**
 * `npm test`: type check, lint, format check, unit tests, API tests on a real PostgreSQL
 * (started here in a temp directory) and on PGlite (vitest.config.ts says which files), a
 * production build, and browser tests.
 * Exits non-zero on any failure and ends with each step's time, the ten slowest test files and
 * one line: "N passed, N failed".
 * Set TEST_ONLY=unit,api,... to run a subset while developing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startPostgres } from './lib/postgres.mjs';

const suiteStarted = Date.now();
const only = process.env.TEST_ONLY?.split(',').map((s) => s.trim());
const want = (step) => !only || only.includes(step);
const reports = mkdtempSync(join(tmpdir(), 'bo-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const flakyReport = join(reports, 'flaky.json');
/** Steps that are not test runs (type check, lint, build …) count as one failed test each. */
const testSteps = new Set();
/** [step, seconds] in the order the steps ran, for the summary. */
const stepTimes = [];
/** [seconds, file, step] of every test file, for the ten slowest. */
const fileTimes = [];
/**
 * "step: file > test: first line of the message" of every failed test, printed last: CI keeps only
 * the tail of the output, and a run's reports are removed with it, so the summary must say what
 * failed (a red run once said only "1 failed").
 */
const failedTests = [];

function run(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n━━ ${name} ━━`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = res.status === 0;
  const took = (Date.now() - started) / 1000;
  stepTimes.push([name, took]);
  console.log(`━━ ${name}: ${ok ? 'ok' : 'FAILED'} (${took.toFixed(1)} s)`);
  if (!ok) failures.push(name);
  return ok;
}

/** Runs one vitest project and adds its counts to the totals. */
function vitest(name, project, env = {}, reporters = []) {
  testSteps.add(name);
  const out = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const ok = run(
    name,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...reporters.map((r) => `--reporter=${r}`),
    ],
    env,
  );
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults) {
      const path = relative(process.cwd(), file.name);
      fileTimes.push([(file.endTime - file.startTime) / 1000, path, name]);
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed')
          failedTests.push(`${name}: ${path} > ${t.fullName}: ${firstLine(t.failureMessages)}`);
      // A file that failed outside its tests (an import error, a hook) has no failed test to name.
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
        failedTests.push(`${name}: ${path}: ${firstLine([file.message])}`);
    }
    if (!ok && r.numFailedTests === 0) totals.failed += 1; // a suite that crashed before its tests
  } else if (!ok) totals.failed += 1;
  return ok;
}

/** The first non-empty line of a failure's message, without colour codes, cut to 300 characters. */
function firstLine(messages) {
  // eslint-disable-next-line no-control-regex -- the colour codes' escape is the point
  const text = (messages ?? []).join('\n').replace(/\u001b\[[0-9;]*m/g, '');
  return (text.split('\n').find((l) => l.trim()) ?? '(no message)').trim().slice(0, 300);
}

/**
 * Runs steps at the same time (each is single-threaded, and the machine has two cores), printing
 * each one's output in one piece when it ends.
 */
async function runTogether(steps) {
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      ([name, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (code) => {
            const took = ((Date.now() - started) / 1000).toFixed(1);
            stepTimes.push([name, Number(took)]);
            console.log(`\n━━ ${name} ━━\n${output.trimEnd()}`.trimEnd());
            console.log(`━━ ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${took} s)`);
            if (code !== 0) failures.push(name);
            resolve(code === 0);
          });
        }),
    ),
  );
  return results.every(Boolean);
}

if (want('static')) {
  await runTogether([
    ['type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
    ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ]);
}
if (want('unit')) vitest('unit tests', 'unit*');
// The API suite in full on PostgreSQL, then on PGlite the files whose subject is the engine
// (vitest.config.ts, ENGINE_SUBJECT says which and why). Without PostgreSQL binaries, or with
// TEST_ONLY naming api but not pg, the whole suite runs on PGlite instead.
let onPostgres = false;
if (want('pg')) {
  const pg = await startPostgres({ inMemory: true }).catch((err) => {
    console.error(err);
    failures.push('start PostgreSQL');
    return undefined;
  });
  if (pg === null) {
    console.log('\n' + '!'.repeat(78));
    console.log('!! PostgreSQL binaries are not installed: the API suite runs on PGlite only.');
    console.log('!! Install them (apt-get install -y postgresql) — .ci/run does — to run it on both.');
    console.log('!'.repeat(78));
  } else if (pg) {
    console.log(`\nStarted ${pg.version} on 127.0.0.1:${pg.port}`);
    try {
      vitest('API tests on PostgreSQL', 'api*', { TEST_DATABASE_URL: pg.url });
      onPostgres = true;
    } finally {
      pg.stop();
    }
  }
}
if (want('api')) {
  if (onPostgres) vitest('API tests on PGlite (the engine)', 'api*', { API_ENGINE_SUBSET: '1' });
  else vitest('API tests on PGlite', 'api*');
}
if (want('e2e')) {
  // Two browser files at a time, each worker against a server of its own
  // (tests/e2e/global-setup.ts): the step took 739 s against about 1,000 s one at a time, all 110
  // tests passing with retries off (a file waits on the server and the browser about a third of
  // its time, which the other worker fills). E2E_WORKERS=1 runs one at a time.
  // A browser test that fails runs once more (one slow moment on a loaded machine should not
  // fail the run); the ones that passed only so are named at the end, to be fixed.
  if (run('build the client', 'npx', ['vite', 'build', '--logLevel', 'warn']))
    vitest(
      'browser tests',
      'e2e',
      {
        E2E_WORKERS: process.env.E2E_WORKERS || '2',
        E2E_RETRIES: process.env.E2E_RETRIES || '1',
        // CI keeps only the printed output: the pictures for people to look at are not taken
        // there (the browser step took 9% less without them). A failing test's pictures are.
        E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS || (process.env.CI ? '0' : '1'),
        FLAKY_REPORT: flakyReport,
      },
      ['./tests/e2e/flaky-reporter.ts'],
    );
}
const flaky = existsSync(flakyReport) ? JSON.parse(readFileSync(flakyReport, 'utf8')) : [];

rmSync(reports, { recursive: true, force: true });
console.log('\nStep times:');
for (const [name, took] of stepTimes) console.log(`  ${took.toFixed(1).padStart(7)} s  ${name}`);
console.log(`  ${((Date.now() - suiteStarted) / 1000).toFixed(1).padStart(7)} s  in all`);
console.log('The ten slowest test files:');
for (const [took, file, step] of fileTimes.sort((a, b) => b[0] - a[0]).slice(0, 10))
  console.log(`  ${took.toFixed(1).padStart(7)} s  ${file} (${step})`);
if (failedTests.length) {
  console.log('\nFailed tests:');
  for (const t of failedTests) console.log(`  ${t}`);
}
console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
const failedCount = totals.failed + failures.filter((f) => !testSteps.has(f)).length;
if (flaky.length) console.log(`Passed only on a retry: ${flaky.join('; ')}`);
console.log(`${totals.passed} passed, ${failedCount} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
