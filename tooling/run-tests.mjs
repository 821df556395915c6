// `npm test`: typecheck and lint every package, then run every package's tests one package at a
// time (the e2e and reliability suites need the machine to themselves), and print how long each
// step of each package took, from turbo's own run summaries. Exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const runsDir = join(process.cwd(), '.turbo', 'runs');
const summaries = () => (existsSync(runsDir) ? readdirSync(runsDir).filter((name) => name.endsWith('.json')) : []);
const before = new Set(summaries());
const started = Date.now();

const steps = [
  ['run', 'typecheck', 'lint', '--summarize'],
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

const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
console.log('\nTime per package and step (longest first):');
for (const { task, seconds, result } of tasks) console.log(`  ${minutes(seconds).padStart(14)}  ${task}${result === 'ok' ? '' : `  (${result})`}`);
console.log(`Total: ${minutes((Date.now() - started) / 1000)}${exitCode === 0 ? '' : ` — failed (exit ${exitCode})`}`);
process.exit(exitCode);
