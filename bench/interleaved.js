#!/usr/bin/env node
/*
 * Two trees of the suite side by side, request by request: both built
 * backends over one sandbox (20 Argo CD agents x 1,000 apps, 50 ms +- 10 ms),
 * each fresh, then the fleet summary, the filtered and the unfiltered fleet
 * list, asked of one backend and the other in turn. A run starts both
 * backends anew; the runs alternate which starts first (the one started
 * second still reads its agents' history when the calls begin), timed by
 * the bench's own client (lib/httpClient.js). Prints each
 * run's p50s and, at the end, B / A as the geometric mean of the runs' p50
 * ratios, with how many runs B was slower in.
 *
 *   node bench/interleaved.js <tree A> <tree B> [--runs=16] [--n=40]
 *
 * A tree is a checkout with its node_modules (a `git worktree` with the
 * main checkout's node_modules copied as hard links will do); its own
 * bench/lib starts its backend, built as `bench/run.js` builds it.
 */
const fs = require('node:fs');
const path = require('node:path');
const { startSandboxProcess } = require('./lib/sandbox');
const { freePort } = require('./lib/ports');
const { timedGet } = require('./lib/httpClient');
const { summarize } = require('./lib/stats');

const CALLS = {
  summary: { path: '/api/gitops/fleet/summary', n: 60 },
  filtered: { path: '/api/gitops/fleet/applications?environment=prod&sync=OutOfSync', n: 60 },
  unfiltered: { path: '/api/gitops/fleet/applications', n: undefined },
};

function parseArgs(argv) {
  const trees = argv.filter(a => !a.startsWith('--')).map(t => path.resolve(t));
  const option = (name, fallback) => Number(argv.find(a => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  if (trees.length !== 2) throw new Error('usage: node bench/interleaved.js <tree A> <tree B> [--runs=16] [--n=40]');
  return { trees, runs: option('runs', 16), n: option('n', 40) };
}

const p50 = values => summarize(values).p50;
const geoMean = values => Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);

async function oneRun(sandbox, order, n, log) {
  const agents = sandbox.agents;
  const backends = [];
  try {
    for (const { label, tree } of order) {
      const { startSuiteBackend, waitFresh } = require(path.join(tree, 'bench/lib/backends'));
      const backend = await startSuiteBackend({ name: `interleaved-${label}`, port: await freePort(), agents, built: true });
      backends.push({ label, backend, waitFresh });
    }
    for (const b of backends) await b.waitFresh(b.backend);
    const p50s = {};
    for (const [name, call] of Object.entries(CALLS)) {
      const times = { A: [], B: [] };
      for (let i = 0; i < (call.n ?? n); i++) {
        for (const b of i % 2 ? backends : [...backends].reverse()) {
          const res = await timedGet(`${b.backend.baseUrl}${call.path}`, { authorization: `Bearer ${b.backend.token}` });
          if (res.status !== 200) throw new Error(`GET ${call.path} of tree ${b.label}: ${res.status}`);
          times[b.label].push(res.ms);
        }
      }
      p50s[name] = { A: p50(times.A), B: p50(times.B) };
    }
    log(Object.entries(p50s).map(([name, v]) => `${name} A ${v.A.toFixed(1)} / B ${v.B.toFixed(1)} ms`).join(', '));
    return p50s;
  } finally {
    for (const b of backends) await b.backend.stop();
  }
}

async function main() {
  const { trees, runs, n } = parseArgs(process.argv.slice(2));
  const log = message => process.stderr.write(`[interleaved] ${message}\n`);
  for (const tree of trees) require(path.join(tree, 'bench/lib/builtSuite')).buildSuite(log);
  fs.mkdirSync(path.join(__dirname, '.work'), { recursive: true });
  const sandbox = await startSandboxProcess({
    agents: 20,
    appsPerAgent: 1000,
    latencyMs: 50,
    jitterMs: 10,
    port: await freePort(),
    logFile: path.join(__dirname, '.work', 'interleaved-sandbox.log'),
  });
  const results = [];
  try {
    for (let run = 0; run < runs; run++) {
      const order = [{ label: 'A', tree: trees[0] }, { label: 'B', tree: trees[1] }];
      if (run % 2) order.reverse();
      results.push(await oneRun(sandbox, order, n, message => log(`run ${run + 1} (${order[0].label} first): ${message}`)));
    }
  } finally {
    await sandbox.stop();
  }
  console.log(`A: ${trees[0]}\nB: ${trees[1]}\n${runs} runs, the first started alternating`);
  for (const name of Object.keys(CALLS)) {
    const ratios = results.map(r => r[name].B / r[name].A);
    console.log(
      `${name}: B / A ${geoMean(ratios).toFixed(2)}x (B slower in ${ratios.filter(r => r > 1).length} of ${runs}); ` +
        `median p50 A ${p50(results.map(r => r[name].A)).toFixed(1)} ms, B ${p50(results.map(r => r[name].B)).toFixed(1)} ms`,
    );
  }
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
