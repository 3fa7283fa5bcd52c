// `npm test`: every runner, then one plain line "N passed, N failed" summed over all of them
// (CI reads that line; the runners' own summaries are not read). Printed on failure too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0 };
/** The failed tests' names, printed again just above the summary: CI shows only the log's tail. */
const failures = [];
let crashed = false;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function vitest(label, file, args, env) {
  const outputFile = join(out, file);
  const ok = run(
    label,
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
      ...args,
    ],
    env,
  );
  if (!existsSync(outputFile)) {
    console.error(`${label}: the runner wrote no report`);
    crashed = true;
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') {
        const where = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
        const why = String(test.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failures.push(`${label}: ${where} > ${test.fullName ?? test.title}\n      ${why}`);
      }
    }
  }
  if (!ok && report.numFailedTests === 0) crashed = true;
}

function playwright() {
  const outputFile = join(out, 'e2e.json');
  if (!ensureChromium()) {
    crashed = true;
    return;
  }
  if (!run('build web', 'npm', ['run', 'build'])) {
    crashed = true;
    return;
  }
  const ok = run(
    'e2e (Chromium)',
    process.execPath,
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      '--config',
      'e2e/playwright.config.ts',
      '--reporter=list,json',
    ],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile },
  );
  if (!existsSync(outputFile)) {
    crashed = true;
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  const { stats } = report;
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  failures.push(...failedSpecs(report.suites ?? []).map((name) => `e2e: ${name}`));
  if (!ok && stats.unexpected === 0) crashed = true;
}

/** Playwright's JSON report nests suites by file and describe; a spec failed when a test of it did. */
function failedSpecs(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected'))
      .map((spec) => `${spec.file}:${spec.line} > ${spec.title}`),
    ...failedSpecs(suite.suites ?? []),
  ]);
}

/** Debian's chromium drives the browser suite; install it with apt when missing and possible. */
function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    console.log("chromium is missing: installing Debian's package");
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (existsSync('/usr/bin/chromium')) return true;
  console.error(
    "The browser suite needs Debian's chromium: run `sudo apt-get install -y chromium` and try again.",
  );
  return false;
}

vitest('unit + integration (PGlite)', 'vitest-pglite.json', []);
if (process.env.TEST_DATABASE_URL) {
  vitest('integration (PostgreSQL)', 'vitest-postgres.json', ['--project', 'server'], {
    TEST_DB: 'postgres',
  });
} else {
  console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL run of the integration suite is left out.');
}
if (existsSync(join(root, 'e2e/playwright.config.ts'))) playwright();

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 || crashed ? 1 : 0);
