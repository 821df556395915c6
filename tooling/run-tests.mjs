// `npm test`: typecheck and lint every package, then run every package's tests one package at a
// time (the e2e and reliability suites need the machine to themselves), and print how long each
// step of each package took, from turbo's own run summaries. Exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const runsDir = join(process.cwd(), '.turbo', 'runs');
const summaries = () => (existsSync(runsDir) ? readdirSync(runsDir).filter((name) => name.endsWith('.json')) : []);
const before = new Set(summaries());
const started = Date.now();
// Each package's test report (tooling/vitest-projects.ts, e2e/playwright.config.ts), read back below.
const reportDir = join(process.cwd(), '.turbo', 'test-reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
process.env.TEST_REPORT_DIR = reportDir;

const steps = [
  ['run', 'typecheck', 'lint', 'lint:server', '--summarize'],
  // --continue: one package's failure does not hide the others' (the run still fails).
  ['run', 'test', '--concurrency=1', '--continue', '--summarize'],
];
let exitCode = 0;
for (const args of steps) {
  const run = spawnSync('npx', ['turbo', ...args], { stdio: 'inherit' });
  exitCode = run.status ?? 1;
  if (exitCode !== 0) break;
}

const tasks = summaries()
  .filter((name) => !before.has(name))
  .flatMap((name) => JSON.parse(readFileSync(join(runsDir, name), 'utf8')).tasks)
  .filter((task) => task.execution)
  .map((task) => ({
    task: task.taskId,
    seconds: (task.execution.endTime - task.execution.startTime) / 1000,
    result: task.execution.exitCode === 0 ? 'ok' : `exit ${task.execution.exitCode}`,
  }))
  .sort((a, b) => b.seconds - a.seconds);

/** Vitest's JSON report: each failed test with its file and the first lines of its error. */
function vitestFailures(report) {
  return report.testResults.flatMap((file) => {
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed') return [{ where: file.name, message: file.message }];
    return failed.map((test) => ({ where: `${file.name} › ${test.fullName}`, message: test.failureMessages.join('\n') }));
  });
}

/** Playwright's JSON report: each test that failed on its last try, with its error. */
function playwrightFailures(report) {
  const walk = (suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test) => ({
          where: `${spec.file}:${spec.line} › [${test.projectName}] ${spec.title}`,
          message: test.results.at(-1)?.error?.message ?? '',
        })),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return [...(report.suites ?? []).flatMap(walk), ...(report.errors ?? []).map((error) => ({ where: 'e2e', message: error.message }))];
}

const failures = readdirSync(reportDir)
  .filter((name) => name.endsWith('.json'))
  .flatMap((name) => {
    const report = JSON.parse(readFileSync(join(reportDir, name), 'utf8'));
    return (report.testResults ? vitestFailures(report) : playwrightFailures(report)).map((f) => ({ ...f, name }));
  });
if (failures.length > 0) {
  console.log(`\nFailed tests (${failures.length}):`);
  for (const { name, where, message } of failures) {
    const lines = message.replace(/\u001b\[[0-9;]*m/g, '').split('\n').filter(Boolean).slice(0, 8);
    console.log(`  ${name.replace(/\.json$/, '')}: ${where}\n${lines.map((line) => `      ${line}`).join('\n')}`);
  }
}

const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
console.log('\nTime per package and step (longest first):');
for (const { task, seconds, result } of tasks) console.log(`  ${minutes(seconds).padStart(14)}  ${task}${result === 'ok' ? '' : `  (${result})`}`);
console.log(`Total: ${minutes((Date.now() - started) / 1000)}${exitCode === 0 ? '' : ` — failed (exit ${exitCode})`}`);
process.exit(exitCode);
