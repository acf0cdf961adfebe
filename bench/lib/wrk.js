/*
 * Load with wrk (Debian's package: a C load generator, epoll and threads) in
 * a process of its own, so the generator's CPU is not the bench process's.
 * wrk-report.lua's done() prints wrk's counters as one JSON line; they are
 * read into the figures the load benchmark reports for autocannon:
 * - pageLoads: requests wrk completed; page loads/s = requests / duration;
 * - non2xx: wrk's status errors, responses >= 400, so pageLoads2xx =
 *   requests - status errors also counts any 1xx/3xx (the page sends none);
 * - errors: socket errors (connect + read + write); timeouts: wrk's
 *   timeouts (responses slower than --timeout, plus requests older than it
 *   at wrk's check every 2 s, so one stuck request may count more than once);
 * - latencyMs: exact p50, p99 and max over the responses within --timeout.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const REPORT_SCRIPT = path.join(__dirname, 'wrk-report.lua');
const REPORT_PREFIX = 'wrk-report ';

/** WRK_PATH, else Debian's /usr/bin/wrk; undefined when it does not exist. */
function findWrk() {
  const file = process.env.WRK_PATH || '/usr/bin/wrk';
  return fs.existsSync(file) ? file : undefined;
}

/** "4.1.0" out of `wrk -v` (which prints its version, then usage, and exits 1). */
function wrkVersion(file) {
  const { stdout } = spawnSync(file, ['-v'], { encoding: 'utf8' });
  return /\d+\.\d+\.\d+/.exec(stdout ?? '')?.[0] ?? 'version unknown';
}

function runProcess(file, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', chunk => (stdout += chunk));
    child.stderr.on('data', chunk => (stderr += chunk));
    child.on('error', reject);
    child.on('close', code => resolve({ code, stdout, stderr }));
  });
}

function wrkArgs({ url, headers, connections, durationSeconds, timeoutSeconds, threads }) {
  return [
    '--threads', `${threads}`,
    '--connections', `${connections}`,
    '--duration', `${durationSeconds}s`,
    '--timeout', `${timeoutSeconds}s`,
    '--latency',
    '--script', REPORT_SCRIPT,
    ...Object.entries(headers).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
    url,
  ];
}

function toLoadFigures(report) {
  const { connect, read, write, status, timeout } = report.errors;
  const ms = us => us / 1000;
  return {
    pageLoads: report.requests,
    pageLoads2xx: report.requests - status,
    non2xx: status,
    errors: connect + read + write,
    timeouts: timeout,
    pageLoadsPerSecond: report.requests / (report.durationUs / 1e6),
    latencyMs: { p50: ms(report.latencyUs.p50), p99: ms(report.latencyUs.p99), max: ms(report.latencyUs.max) },
  };
}

/**
 * The wrk generator, { name, run(load) }, or undefined when wrk is not
 * installed; run takes { url, headers, connections, durationSeconds,
 * timeoutSeconds } and resolves to the load figures.
 */
function wrkGenerator({ threads }) {
  const file = findWrk();
  if (!file) return undefined;
  return {
    name: `wrk ${wrkVersion(file)}, ${threads} thread${threads === 1 ? '' : 's'}`,
    async run(load) {
      const { code, stdout, stderr } = await runProcess(file, wrkArgs({ ...load, threads }));
      const line = stdout.split('\n').find(l => l.startsWith(REPORT_PREFIX));
      if (code !== 0 || !line) throw new Error(`wrk exited with ${code} and no report:\n${stdout}${stderr}`);
      return toLoadFigures(JSON.parse(line.slice(REPORT_PREFIX.length)));
    },
  };
}

module.exports = { wrkGenerator };
