/*
 * Reads beside a held recorder (issue 41 item 2): the delivery metrics and
 * promotion GETs while the fleet recorder's history reads are held busy.
 * The agent hangs every GET of one application (`/api/v1/applications/<name>`,
 * the full read the recorder does after an operation ended) through the
 * sandbox's fault control; each round syncs the entity's applications,
 * lets their operations end (the recorder queues their history reads,
 * which hang until the agent timeout, 5 s, aborts them), then times one
 * entity metrics, one promotion and one fleet metrics GET, sent at once. Idle rounds (no fault,
 * nothing queued) first. Prints each GET's time and the `pending` it
 * answered (absent before the change). Measured, never asserted.
 *
 * Standalone (no build, a sandbox of its own):
 *   node bench/benchmarks/heldRecorder.js [--rounds=5]
 */
const path = require('node:path');
const { startSuiteBackend, waitFresh, ENTITY, WORK } = require('../lib/backends');
const { startSandboxProcess, setFaults } = require('../lib/sandbox');
const { summarize } = require('../lib/stats');
const { freePort, sleep } = require('../lib/ports');

const ROUNDS = Number(/--rounds=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 5);
const ENTITY_PATH = `/api/gitops/entity/${ENTITY.namespace}/${ENTITY.kind}/${ENTITY.name}`;
const READS = {
  entityMetrics: `${ENTITY_PATH}/metrics?window=30d`,
  promotion: `${ENTITY_PATH}/promotion`,
  fleetMetrics: '/api/gitops/fleet/metrics?window=30d',
};

async function timed(backend, p) {
  const start = process.hrtime.bigint();
  const res = await backend.get(p);
  const body = await res.json();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, status: res.status, pending: body.pending };
}

async function syncAll(agent, names) {
  await Promise.all(
    names.map(async name => {
      const res = await fetch(`${agent.url}/api/v1/applications/${encodeURIComponent(name)}/sync`, {
        method: 'POST',
        headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({}),
      });
      await res.arrayBuffer();
    }),
  );
}

async function rounds(backend, n, before) {
  const samples = Object.fromEntries(Object.keys(READS).map(k => [k, []]));
  for (let i = 0; i < n; i++) {
    await before();
    // the three at once: each is the first read after the syncs
    const answers = await Promise.all(Object.values(READS).map(p => timed(backend, p)));
    Object.keys(READS).forEach((key, j) => samples[key].push(answers[j]));
  }
  return samples;
}

async function main() {
  const log = message => process.stderr.write(`[heldRecorder] ${message}\n`);
  require('node:fs').mkdirSync(WORK, { recursive: true });
  const sandbox = await startSandboxProcess({
    agents: 1,
    appsPerAgent: 30,
    port: await freePort(),
    logFile: path.join(WORK, 'sandbox-held-recorder.log'),
  });
  const agent = sandbox.agents[0];
  const backend = await startSuiteBackend({ name: 'suite-held-recorder', port: await freePort(), agents: [agent] });
  try {
    await waitFresh(backend);
    const apps = await backend.getJson(`${ENTITY_PATH}/applications`);
    const names = apps.environments.flatMap(env => env.applications.map(app => app.name));
    log(`entity applications: ${names.join(', ')}`);
    // the recorder's first catch-up done before the idle rounds
    await rounds(backend, 1, async () => sleep(0));
    const idle = await rounds(backend, ROUNDS, async () => sleep(200));
    await setFaults(agent, { hangRate: 1, hangMs: 60_000, methods: ['GET'], paths: ['^/api/v1/applications/[^/]+$'] });
    const held = await rounds(backend, ROUNDS, async () => {
      await syncAll(agent, names);
      // the sandbox's syncs run 1.5 s; the watch stream brings their end
      await sleep(2500);
    });
    await setFaults(agent, {});
    for (const [label, samples] of [['idle', idle], ['held', held]]) {
      for (const [key, list] of Object.entries(samples)) {
        const s = summarize(list.map(x => x.ms));
        const pending = list.map(x => x.pending ?? '-').join(',');
        process.stdout.write(
          `${label} ${key}: p50 ${s.p50.toFixed(1)} ms, max ${s.max.toFixed(1)} ms, n ${s.n}; statuses ${[
            ...new Set(list.map(x => x.status)),
          ].join(',')}; pending ${pending}\n`,
        );
      }
    }
  } finally {
    await backend.stop();
    await sandbox.stop();
  }
}

main().catch(error => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
