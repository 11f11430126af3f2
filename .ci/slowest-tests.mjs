// Prints where a Vitest run spent its time: the slowest test files (wall time from a file's start to
// its end) from the JSON report `npm test` writes in CI, so the next change to the suite's time starts
// from figures rather than guesses. Usage: node .ci/slowest-tests.mjs <report.json> [count]
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [reportPath, countArg] = process.argv.slice(2);
if (!reportPath) {
  console.error('usage: node .ci/slowest-tests.mjs <report.json> [count]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
const files = report.testResults.map((file) => ({
  name: relative(process.cwd(), file.name),
  seconds: (file.endTime - file.startTime) / 1000,
  tests: file.assertionResults.length,
}));
const total = files.reduce((sum, file) => sum + file.seconds, 0);
const shown = files.sort((a, b) => b.seconds - a.seconds).slice(0, Number(countArg ?? 25));
console.log(`${files.length} test files, ${total.toFixed(0)} s of file time in all (two workers share it).`);
console.log('Slowest files (a server file appears once per database it ran on):');
for (const file of shown) console.log(`${file.seconds.toFixed(1).padStart(7)} s  ${String(file.tests).padStart(4)} tests  ${file.name}`);
