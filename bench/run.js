#!/usr/bin/env node
/*
 * Runs the benchmarks of the GitOps plugin suite (see README.md):
 *   node bench/run.js            full run; writes bench/.work/results.json and .md
 *   node bench/run.js --smoke    every benchmark tiny (CI): fails only if one cannot run
 *   node bench/run.js --only=peers,appsPerAgent,fleet,amplification,live,scale,fleetPage,fleetAttention,proxy,tti,firstRender,appSetPreview
 * Benchmarks are measured, never asserted: no number fails a run.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startSandboxProcess } = require('./lib/sandbox');
const { startCountingProxy } = require('./lib/countingProxy');
const { freePort } = require('./lib/ports');
const { WORK } = require('./lib/backends');
const { renderMarkdown } = require('./lib/renderMarkdown');
const { buildSuite } = require('./lib/builtSuite');

const BENCHMARKS = {
  peers: () => require('./benchmarks/peersSideBySide'),
  appsPerAgent: () => require('./benchmarks/appsPerAgent'),
  fleet: () => require('./benchmarks/fleetScale'),
  amplification: () => require('./benchmarks/amplification'),
  live: () => require('./benchmarks/liveChanges'),
  scale: () => require('./benchmarks/scale100'),
  fleetPage: () => require('./benchmarks/fleetPage100k'),
  fleetAttention: () => require('./benchmarks/fleetAttention'),
  proxy: () => require('./benchmarks/proxyOverhead'),
  tti: () => require('./benchmarks/frontendTti'),
  firstRender: () => require('./benchmarks/firstRender'),
  appSetPreview: () => require('./benchmarks/appSetPreview'),
};

function parseArgs(argv) {
  const options = { smoke: false, only: Object.keys(BENCHMARKS) };
  for (const arg of argv) {
    if (arg === '--smoke') options.smoke = true;
    else if (arg.startsWith('--only=')) options.only = arg.slice(7).split(',').filter(Boolean);
    else throw new Error(`unknown argument ${arg} (use --smoke and/or --only=${Object.keys(BENCHMARKS).join(',')})`);
  }
  for (const name of options.only) {
    if (!BENCHMARKS[name]) throw new Error(`unknown benchmark ${name}`);
  }
  return options;
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} x ${cpus[0]?.model ?? 'unknown'}`,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadAverage: os.loadavg().map(l => Math.round(l * 100) / 100),
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  fs.mkdirSync(WORK, { recursive: true });
  const started = new Date();
  const log = message => process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0)}s] ${message}\n`);
  // the suite's packages built, for the benchmarks that run it as production does
  buildSuite(log);
  const fleet = options.smoke
    ? { agents: 3, appsPerAgent: 60 }
    : { agents: 20, appsPerAgent: 1000 };
  const latency = { latencyMs: 50, jitterMs: 10 };
  log(`sandbox: ${fleet.agents} Argo CD agents x ${fleet.appsPerAgent} apps, ${latency.latencyMs} ms +- ${latency.jitterMs} ms`);
  const sandbox = await startSandboxProcess({
    ...fleet,
    ...latency,
    port: await freePort(),
    logFile: path.join(WORK, 'sandbox.log'),
  });
  const proxy = await startCountingProxy(sandbox.baseUrl);
  const results = {
    date: started.toISOString(),
    command: `node bench/run.js ${process.argv.slice(2).join(' ')}`.trim(),
    smoke: options.smoke,
    machine: machine(),
    sandbox: { ...fleet, ...latency },
    benchmarks: {},
  };
  const failures = [];
  try {
    for (const name of options.only) {
      log(`${name}: start`);
      try {
        results.benchmarks[name] = await BENCHMARKS[name]().run({ sandbox, proxy, smoke: options.smoke, log });
        log(`${name}: done`);
      } catch (error) {
        failures.push(name);
        results.benchmarks[name] = { failed: String(error?.stack ?? error) };
        log(`${name}: COULD NOT RUN: ${error?.stack ?? error}`);
      }
    }
  } finally {
    await proxy.close();
    await sandbox.stop();
  }
  results.machine.loadAverageAfter = os.loadavg().map(l => Math.round(l * 100) / 100);
  results.durationSeconds = Math.round((Date.now() - started) / 1000);
  const base = options.smoke ? 'smoke' : 'results';
  fs.writeFileSync(path.join(WORK, `${base}.json`), `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(path.join(WORK, `${base}.md`), renderMarkdown(results));
  log(`wrote ${path.join(WORK, `${base}.json`)} and .md in ${results.durationSeconds} s`);
  if (failures.length) {
    log(`benchmarks that could not run: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch(error => {
  process.stderr.write(`bench: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
