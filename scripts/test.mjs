#!/usr/bin/env node
// `npm test`: every layer in turn (unit, client, integration, build, the client's size budget,
// faults against the build, browser), stopping at nothing so one failing layer does not hide another; exits non-zero if
// any failed and ends with one summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const only = process.argv.slice(2);
const layers = [
  {
    name: 'unit + client',
    cmd: ['npx', 'jest', '--selectProjects', 'unit', 'client', '--json', '--outputFile=test-results/jest-fast.json'],
    report: 'test-results/jest-fast.json',
    kind: 'jest',
  },
  {
    name: 'integration',
    cmd: ['npx', 'jest', '--selectProjects', 'integration', '--maxWorkers=2', '--json', '--outputFile=test-results/jest-integration.json'],
    report: 'test-results/jest-integration.json',
    kind: 'jest',
  },
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'], kind: 'step' },
  // The entry page's initial JS + CSS against its gzip budget (npm run bench:client for Lighthouse).
  { name: 'client size budget', cmd: ['node', 'scripts/bench-client.mjs', '--size-only'], kind: 'check' },
  {
    name: 'faults',
    cmd: ['npx', 'jest', '--selectProjects', 'faults', '--maxWorkers=1', '--json', '--outputFile=test-results/jest-faults.json'],
    report: 'test-results/jest-faults.json',
    kind: 'jest',
  },
  {
    name: 'browser',
    cmd: ['npx', 'playwright', 'test'],
    report: 'test-results/playwright.json',
    kind: 'playwright',
    before: ['bash', 'scripts/ensure-chromium.sh'],
  },
].filter((layer) => only.length === 0 || only.some((name) => layer.name.includes(name)));

// Jest writes its JSON report here and does not create the folder itself.
mkdirSync('test-results', { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

for (const layer of layers) {
  console.log(`\n━━ ${layer.name} ━━`);
  if (layer.report && existsSync(layer.report)) rmSync(layer.report);
  if (layer.before && spawnSync(layer.before[0], layer.before.slice(1), { stdio: 'inherit' }).status !== 0) {
    failures.push(`${layer.name}: setup failed`);
    failed += 1;
    continue;
  }
  const run = spawnSync(layer.cmd[0], layer.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '1' } });
  const counts = readCounts(layer, run.status);
  passed += counts.passed;
  failed += counts.failed;
  if (run.status !== 0) {
    failures.push(`${layer.name}: exit code ${run.status}`, ...failedTests(layer).map((name) => `  ${name}`));
    if (counts.failed === 0) failed += 1;
  }
}

console.log('');
for (const failure of failures) console.log(`✗ ${failure}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);

// The failing tests by name, so the end of the output (often all a CI log keeps) says which.
function failedTests(layer) {
  if (!layer.report || !existsSync(layer.report)) return [];
  const report = JSON.parse(readFileSync(layer.report, 'utf8'));
  if (layer.kind === 'jest') {
    return report.testResults.flatMap((file) => {
      const path = file.name.replace(`${process.cwd()}/`, '');
      const tests = file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${path} › ${test.fullName}`);
      // A file that fails outside any test (a hook, a syntax error) has no failed assertion to name.
      return tests.length > 0 || file.status !== 'failed' ? tests : [`${path}: ${file.message.split('\n')[0]}`];
    });
  }
  return playwrightFailures(report.suites ?? []);
}

function playwrightFailures(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => `${spec.file} › ${spec.title}`),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

function readCounts(layer, status) {
  // A check is one test: it passed or it failed (a failure is counted below, from its exit code).
  if (layer.kind === 'check') return { passed: status === 0 ? 1 : 0, failed: 0 };
  if (!layer.report || !existsSync(layer.report)) return { passed: 0, failed: 0 };
  const report = JSON.parse(readFileSync(layer.report, 'utf8'));
  if (layer.kind === 'jest') return { passed: report.numPassedTests, failed: report.numFailedTests };
  const stats = report.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) };
}
