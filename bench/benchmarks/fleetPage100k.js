/*
 * The fleet page's data at 100,000 applications: one built replica over
 * 100 Argo CD agents x 1,000 applications (a sandbox of its own, same
 * latency), every application synced and healthy but one, degraded, that
 * sorts last (`zzz-last-prod` on the last agent). Timed as the fleet page
 * reads it (plugins/gitops/src/hooks/useFleet.ts for the summary,
 * useFleetAttentionPage for the first page of 20 that need attention, and
 * useAgents for its agents table), through the common client
 * (@gitops-suite/plugin-gitops-common, built), in parallel:
 *   GET /fleet/summary, GET /fleet/applications?attention=true&limit=20,
 *   GET /agents.
 * Each read is checked: the summary counts 100,001 applications with one
 * degraded, and needs attention lists exactly that one application. Then,
 * beside it, every page of the unfiltered list (what a Deployments tab or
 * the catalog processor pages through), checked to hold every application
 * once with the degraded one last.
 */
const path = require('node:path');
const fs = require('node:fs');
const { startSuiteBackend, WORK } = require('../lib/backends');
const { startSandboxProcess, ROOT } = require('../lib/sandbox');
const { startCountingProxy } = require('../lib/countingProxy');
const { summarize, since } = require('../lib/stats');
const { freePort } = require('../lib/ports');

/** The only application with a problem: it sorts last on the last agent. */
const LAST_SERVICE = 'zzz-last';

function scenarioFile({ agents, appsPerAgent }) {
  const lastAgent = `argocd-${String(agents).padStart(Math.max(2, String(agents).length), '0')}`;
  const file = path.join(WORK, 'fleet-page-scenario.yaml');
  fs.mkdirSync(WORK, { recursive: true });
  fs.writeFileSync(
    file,
    // JSON is YAML
    JSON.stringify({
      name: 'bench-fleet-page',
      mix: { outOfSync: 0, degraded: 0, progressing: 0, suspended: 0, missing: 0, failedSync: 0 },
      services: [
        {
          name: LAST_SERVICE,
          repo: 'https://github.com/acme/zzz-last-deploy.git',
          project: 'shop',
          agents: [lastAgent],
          environments: ['prod'],
          overrides: { prod: { health: 'Degraded' } },
        },
      ],
      generate: { agents, appsPerAgent, latencyMs: 50, jitterMs: 10 },
    }),
  );
  return { file, lastKey: `${lastAgent}/${LAST_SERVICE}-prod` };
}

/**
 * Waits until the fleet state holds every application (the fleet page's
 * data is complete from then on); how many agents were fresh then. Not
 * until every agent is fresh: on a loaded machine watch streams of 100
 * agents drop and resume, each agent served meanwhile from its state
 * (stale), which the page shows as such.
 */
async function waitLoaded(backend, total, timeoutMs) {
  const start = Date.now();
  for (;;) {
    try {
      const res = await backend.get('/api/gitops/fleet/summary');
      if (res.ok) {
        const summary = await res.json();
        if (summary.total === total) {
          return { fresh: (summary.freshness ?? []).filter(f => f.syncedAt && !f.stale).length };
        }
      }
    } catch (error) {
      const exit = backend.exit();
      if (exit) throw new Error(`the backend ${exit} while loading the agents (see ${backend.logFile})`);
      if (Date.now() - start > timeoutMs) throw error;
    }
    if (Date.now() - start > timeoutMs) throw new Error(`the fleet state never held ${total} applications`);
    await new Promise(r => setTimeout(r, 500));
  }
}

/** The common client as a backend or script makes it: global fetch, a bearer token. */
function commonClient(backend) {
  const common = require(path.join(ROOT, 'plugins/gitops-common/dist/index.cjs.js'));
  const client = common.gitopsApiClient({
    discoveryApi: { getBaseUrl: async () => `${backend.baseUrl}/api/gitops` },
    headers: { authorization: `Bearer ${backend.token}` },
  });
  return { common, client };
}

async function readAllPages(common, api, query) {
  const items = [];
  let pages = 0;
  let last;
  for await (const page of common.fleetApplicationPages(api, query)) {
    pages++;
    for (const app of page.items) items.push(`${app.agentId}/${app.name}`);
    last = page;
  }
  return { items, pages, total: last.total, truncated: last.truncated };
}

/** One fleet page view's data, as the page reads it; checked complete. */
async function fleetPageData(common, api, expected) {
  const start = process.hrtime.bigint();
  const [summary, attention, agents] = await Promise.all([
    common.answerBody(api.GET('/fleet/summary')),
    readAllPages(common, api, { attention: true, limit: 20 }),
    common.answerBody(api.GET('/agents')),
  ]);
  const ms = since(start);
  const problems = `${attention.items.join(', ')}`;
  if (summary.total !== expected.total || summary.byHealth.Degraded !== 1) {
    throw new Error(`summary counts ${summary.total} applications, ${summary.byHealth.Degraded} degraded; expected ${expected.total}, 1`);
  }
  if (problems !== expected.lastKey || attention.truncated) {
    throw new Error(`needs attention lists [${problems}] (truncated ${attention.truncated}); expected [${expected.lastKey}]`);
  }
  return { ms, attentionPages: attention.pages, agents: agents.items.length };
}

async function run({ smoke, log }) {
  const size = smoke ? { agents: 5, appsPerAgent: 60 } : { agents: 100, appsPerAgent: 1000 };
  const { file, lastKey } = scenarioFile(size);
  const expected = { total: size.agents * size.appsPerAgent + 1, lastKey };
  log(`fleetPage: sandbox of ${size.agents} agents x ${size.appsPerAgent} apps, one degraded app sorting last (${lastKey})`);
  const big = await startSandboxProcess({
    scenario: file,
    agents: size.agents,
    port: await freePort(),
    logFile: path.join(WORK, 'sandbox-fleet-page.log'),
    readyTimeoutMs: 600_000,
  });
  const proxy = await startCountingProxy(big.baseUrl);
  try {
    const agents = big.agents.map(a => ({ ...a, url: proxy.via(a.url) }));
    const started = Date.now();
    // a loaded machine may take minutes to start a backend beside 100 agents
    const backend = await startSuiteBackend({ name: 'suite-fleet-page', port: await freePort(), agents, built: true, readyTimeoutMs: 600_000 });
    try {
      const loaded = await waitLoaded(backend, expected.total, 900_000);
      const startToLoadedMs = Date.now() - started;
      const { common, client } = commonClient(backend);
      const api = await client;
      const first = await fleetPageData(common, api, expected);
      const ms = [];
      let upstream = 0;
      for (let i = 0; i < (smoke ? 5 : 60); i++) {
        const mark = proxy.mark();
        ms.push((await fleetPageData(common, api, expected)).ms);
        upstream += proxy.callsSince(mark).length;
      }
      log(`fleetPage: fleet page data p50 ${summarize(ms).p50.toFixed(1)} ms`);
      const everyMs = [];
      let every;
      for (let i = 0; i < (smoke ? 2 : 3); i++) {
        const start = process.hrtime.bigint();
        every = await readAllPages(common, api, {});
        everyMs.push(since(start));
      }
      if (every.items.length !== expected.total || new Set(every.items).size !== expected.total || every.items[every.items.length - 1] !== lastKey) {
        throw new Error(`every page of the fleet list held ${every.items.length} applications (${new Set(every.items).size} distinct), last ${every.items[every.items.length - 1]}; expected ${expected.total}, last ${lastKey}`);
      }
      log(`fleetPage: every application (${every.pages} pages) p50 ${summarize(everyMs).p50.toFixed(0)} ms`);
      return {
        ...size,
        applications: expected.total,
        startToLoadedMs,
        agentsFreshWhenLoaded: loaded.fresh,
        fleetPageData: summarize(ms),
        firstFleetPageDataMs: first.ms,
        attentionPages: first.attentionPages,
        attentionFound: lastKey,
        agentsListed: first.agents,
        upstreamCallsDuringWarmSamples: upstream,
        everyApplication: { latency: summarize(everyMs), pages: every.pages, items: every.items.length, last: every.items[every.items.length - 1] },
        rssMb: backend.rssMb(),
      };
    } finally {
      await backend.stop();
    }
  } finally {
    await proxy.close();
    await big.stop();
  }
}

module.exports = { run };
