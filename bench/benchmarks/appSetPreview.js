/*
 * ApplicationSet preview of 40,000 apps (issue 37, finding 5): POST
 * /api/gitops/agents/<agent>/applicationsets/generate with a matrix of two
 * list generators of 200 elements each (the count is known from the
 * manifest), and a 50 x 50 matrix under a cluster generator (the count
 * is not: only the agent's answer says it). For each: the preview's status,
 * answer time and size, and GET /api/gitops/health asked one after the
 * other while the preview runs (p50 / max): a backend that parses or walks
 * a huge answer stalls its health route. Measured, never asserted.
 *
 * Standalone (no build, a sandbox of its own):
 *   node bench/benchmarks/appSetPreview.js
 */
const path = require('node:path');
const { startSuiteBackend, ENTITY, WORK } = require('../lib/backends');
const { summarize } = require('../lib/stats');
const { freePort, sleep } = require('../lib/ports');

const SIDE = 200;

function list(key, n) {
  return { list: { elements: Array.from({ length: n }, (_, i) => ({ [key]: `${key}${i}` })) } };
}

/** `generators`: the set's generators; every app lands in the default project, in-cluster. */
function manifest(name, generators) {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name, namespace: 'argocd' },
    spec: {
      generators,
      template: {
        metadata: { name: `${name}-{{a}}-{{b}}`, labels: { 'gitops/service': 'svc-0001' } },
        spec: {
          project: 'default',
          source: { repoURL: 'https://github.com/acme/deploy', path: 'apps/{{a}}', targetRevision: 'HEAD' },
          destination: { server: 'https://kubernetes.default.svc', namespace: 'bench-{{b}}' },
        },
      },
    },
  };
}

const SCENARIOS = [
  {
    name: `nested lists ${SIDE} x ${SIDE} (count known from the manifest)`,
    manifest: manifest('bench-lists', [{ matrix: { generators: [list('a', SIDE), list('b', SIDE)] } }]),
  },
  {
    // smaller: the sandbox takes longer than the agent timeout (5 s) to generate 40,000 through a cluster generator (3 clusters)
    name: `cluster generator x ${SIDE / 4} x ${SIDE / 4} (count known only from the agent's answer)`,
    manifest: manifest('bench-clusters', [
      { matrix: { generators: [{ clusters: {} }, { matrix: { generators: [list('a', SIDE / 4), list('b', SIDE / 4)] } }] } },
    ]),
  },
];

/** GET /health one after the other (10 ms apart) until `done` resolves. */
async function probeHealth(backend, done) {
  const samples = [];
  let finished = false;
  done.finally(() => {
    finished = true;
  });
  while (!finished) {
    const start = process.hrtime.bigint();
    try {
      const res = await backend.get('/api/gitops/health');
      await res.arrayBuffer();
    } catch {
      // counted as its time anyway
    }
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    await sleep(10);
  }
  return samples;
}

async function preview(backend, agentId, body) {
  const start = process.hrtime.bigint();
  const res = await backend.get(`/api/gitops/agents/${encodeURIComponent(agentId)}/applicationsets/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { status: res.status, ms: Number(process.hrtime.bigint() - start) / 1e6, bytes };
}

async function run({ sandbox, log }) {
  const raw = sandbox.agents[0];
  // direct to the agent: the counting proxy would add its own copy of 33 MB
  const backend = await startSuiteBackend({ name: 'suite-appset-preview', port: await freePort(), agents: [raw] });
  const rows = [];
  try {
    const entityRef = `${ENTITY.kind}:${ENTITY.namespace}/${ENTITY.name}`;
    const idle = await probeHealth(backend, sleep(2000));
    for (const scenario of SCENARIOS) {
      const runs = [];
      for (let i = 0; i < 2; i++) {
        const call = preview(backend, raw.id, { entityRef, manifest: scenario.manifest });
        const health = await probeHealth(backend, call);
        const answer = await call;
        runs.push({ ...answer, health: summarize(health) });
        log(`appSetPreview: ${scenario.name}: ${answer.status} in ${Math.round(answer.ms)} ms, ${answer.bytes} bytes`);
      }
      rows.push({ scenario: scenario.name, runs });
    }
    return { agent: raw.id, idleHealth: summarize(idle), rows };
  } finally {
    await backend.stop();
  }
}

module.exports = { run };

if (require.main === module) {
  (async () => {
    const { startSandboxProcess } = require('../lib/sandbox');
    const log = message => process.stderr.write(`[appSetPreview] ${message}\n`);
    require('node:fs').mkdirSync(WORK, { recursive: true });
    const sandbox = await startSandboxProcess({
      agents: 1,
      appsPerAgent: 10,
      port: await freePort(),
      logFile: path.join(WORK, 'sandbox-appset-preview.log'),
    });
    try {
      const result = await run({ sandbox, log });
      const { appSetPreviewSection } = require('../lib/renderMarkdown');
      process.stdout.write(`${appSetPreviewSection(result)}\n`);
    } finally {
      await sandbox.stop();
    }
  })().catch(error => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
