#!/usr/bin/env node
/*
 * `npm test`: type-check, lint, API reports up to date, publish metadata and
 * packed tarballs (scripts/check-packages.js), every jest project
 * (unit, router, database, contract tests) and the cross-package tests under
 * test/, then one summary line `N passed, N failed`. Exits non-zero when
 * anything failed.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const bin = name => path.join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2);
const results = [];

function step(name, command, args, options = {}) {
  if (only.length && !only.includes(name)) return undefined;
  console.log(`\n=== ${name}: ${[path.basename(command), ...args].join(' ')}`);
  const started = Date.now();
  const run = spawnSync(command, args, {
    cwd: options.cwd ?? root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0', ...options.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = run.status === 0;
  results.push({ name, ok, seconds });
  console.log(
    `=== ${name}: ${ok ? 'ok' : `FAILED (exit ${run.status})`} in ${seconds}s`,
  );
  return ok;
}

// type-checks and writes the declarations (dist-types/, ignored by git) the
// API reports are extracted from
// the whole repository in one program needs about 4 GB of heap, V8's
// default limit on these machines: measured at 3.6-4.1 GB, so give it room
step('tsc', bin('tsc'), [], {
  env: { NODE_OPTIONS: '--max-old-space-size=8192' },
});
step('lint', bin('backstage-cli'), ['repo', 'lint']);
// report.api.md and report.sql.md of every published package (plugins/*)
// must match the code: `npm run build:api-reports` writes them afresh
step('api-reports', 'npm', [
  'run',
  '--silent',
  'build:api-reports:only',
  '--',
  '--ci',
]);

// the publish metadata backstage-cli derives (repository, pluginPackages,
// peerModules...) is written: `backstage-cli repo fix --publish` fixes it
step('publish-metadata', bin('backstage-cli'), [
  'repo',
  'fix',
  '--publish',
  '--check',
]);
// the knip report of every published package (unused and unlisted
// dependencies, unused exports) matches: `npm run build:knip-reports`
step('knip-reports', bin('backstage-repo-tools'), [
  'knip-reports',
  '--ci',
  'plugins/*',
]);
// every published package builds, packs through prepack/postpack into a
// tarball whose entry points are in dist/ and whose imports are declared,
// and the backend tarballs install and load (scripts/check-packages.js)
step('packages', process.execPath, [
  path.join(root, 'scripts/check-packages.js'),
]);

const report = path.join(os.tmpdir(), `gitops-jest-${process.pid}.json`);
step('jest', bin('backstage-cli'), [
  'repo',
  'test',
  '--ci',
  // never the watch mode backstage-cli picks outside CI
  '--watchAll=false',
  // 2 shared cores: rendering tests and the CRD schema compile can pass 5 s
  '--testTimeout=30000',
  '--json',
  `--outputFile=${report}`,
]);

/*
 * The suites under test/ run after the unit tests, one at a time: the
 * reliability suite restarts a private PostgreSQL and runs two backends, the
 * e2e journeys start the whole portal and drive Chromium.
 */
const suiteReports = [report];
for (const [name, dir, timeout] of [
  ['reliability', 'test/reliability', '120000'],
  ['e2e', 'test/e2e', '180000'],
]) {
  const out = path.join(os.tmpdir(), `gitops-${name}-${process.pid}.json`);
  if (
    step(
      name,
      bin('backstage-cli'),
      [
        'package',
        'test',
        '--watchAll=false',
        '--runInBand',
        `--testTimeout=${timeout}`,
        '--json',
        `--outputFile=${out}`,
      ],
      { cwd: path.join(root, dir) },
    ) !== undefined
  ) {
    suiteReports.push(out);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of suiteReports) {
  if (!fs.existsSync(file)) continue;
  const jest = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += jest.numPassedTests;
  failed += jest.numFailedTests + jest.numRuntimeErrorTestSuites;
  skipped += jest.numPendingTests + jest.numTodoTests;
  fs.rmSync(file);
}
if (results.some(r => r.name === 'jest') && passed === 0) {
  console.log('jest ran no test: counted as a failure');
  failed += 1;
}
const failedSteps = results.filter(r => !r.ok);
const testSteps = ['jest', 'reliability', 'e2e'];
failed += failedSteps.filter(r => !testSteps.includes(r.name)).length;
// a test step that failed without a failing test (a crash before its
// report) still counts as a failure
if (failed === 0 && failedSteps.length) failed += 1;

console.log('\n=== summary');
for (const r of results) {
  console.log(`${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.seconds}s)`);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length || failed ? 1 : 0);
