/*
 * Live: a change made on a sandbox agent (an application drifts) until the
 * suite's API shows it, over 100 changes on 100 different applications
 * (Synced production applications, which nothing syncs back), with the
 * suite's fleet state warm and fed by the agents' watch streams: Argo CD
 * agents (`/api/v1/stream/applications`) and, side by side, a Harness agent
 * of the same size and latency (AgentApplicationServiceWatch), in the same
 * backend. The API is read in a tight loop; each figure is from the drift
 * request to the first answer that shows the application OutOfSync.
 */
const path = require('node:path');
const { startSuiteBackend, waitFresh, WORK } = require('../lib/backends');
const { startCountingProxy } = require('../lib/countingProxy');
const { startSandboxProcess } = require('../lib/sandbox');
const { timedGetJson } = require('../lib/httpClient');
const { summarize, since } = require('../lib/stats');
const { freePort } = require('../lib/ports');

/** Drifts `changes` Synced prod applications of `agent`, one at a time, each until the API shows it. */
async function measure(backend, agent, changes) {
  const headers = { authorization: `Bearer ${backend.token}` };
  const list = await timedGetJson(
    `${backend.baseUrl}/api/gitops/fleet/applications?agent=${agent.id}&environment=prod&sync=Synced`,
    headers,
  );
  const targets = list.json.items.slice(0, changes).map(app => app.name);
  const ms = [];
  for (const name of targets) {
    const start = process.hrtime.bigint();
    const res = await fetch(`${agent.url}/_sandbox/drift`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ application: name }),
    });
    if (!res.ok) throw new Error(`drift ${name}: ${res.status} ${await res.text()}`);
    const url = `${backend.baseUrl}/api/gitops/fleet/applications?agent=${agent.id}&search=${encodeURIComponent(name)}`;
    for (;;) {
      const seen = await timedGetJson(url, headers);
      if (seen.json.items.some(app => app.name === name && app.sync.status === 'OutOfSync')) break;
      if (since(start) > 30_000) throw new Error(`${name} on ${agent.id} never showed OutOfSync`);
    }
    ms.push(since(start));
  }
  return { changes: ms.length, changeToApiMs: summarize(ms) };
}

async function run({ sandbox, proxy, smoke, log }) {
  const argoAgents = sandbox.agents.slice(0, smoke ? 2 : 4).map(a => ({ ...a, url: proxy.via(a.url) }));
  // one Harness agent as large as the others, with the same latency, behind a proxy of its own
  const appsPerAgent = smoke ? 60 : 1000;
  const harnessSandbox = await startSandboxProcess({
    agents: 1,
    harnessAgents: 1,
    appsPerAgent,
    ...sandbox.defaultFaults,
    port: await freePort(),
    logFile: path.join(WORK, 'sandbox-harness.log'),
  });
  const harnessProxy = await startCountingProxy(harnessSandbox.baseUrl);
  const harness = harnessSandbox.agents.map(a => ({ ...a, url: harnessProxy.via(a.url) }))[0];
  const backend = await startSuiteBackend({
    name: 'suite-live',
    port: await freePort(),
    agents: [...argoAgents, harness],
    built: true,
  });
  try {
    await waitFresh(backend);
    const feeds = (await (await backend.get('/api/gitops/fleet/summary')).json()).freshness;
    const harnessFeed = feeds.find(f => f.agentId === harness.id)?.feed;
    const changes = smoke ? 5 : 100;
    const argo = await measure(backend, sandbox.agents[0], changes);
    log(`live (Argo CD): change to API p50 ${argo.changeToApiMs.p50.toFixed(1)} ms, p99 ${argo.changeToApiMs.p99.toFixed(1)} ms`);
    const harnessRow = await measure(backend, harnessSandbox.agents[0], changes);
    log(
      `live (Harness, feed ${harnessFeed}): change to API p50 ${harnessRow.changeToApiMs.p50.toFixed(1)} ms, p99 ${harnessRow.changeToApiMs.p99.toFixed(1)} ms`,
    );
    return {
      ...argo,
      agents: argoAgents.length + 1,
      harness: { ...harnessRow, agentId: harness.id, feed: harnessFeed, appsPerAgent },
    };
  } finally {
    await backend.stop();
    await harnessProxy.close();
    await harnessSandbox.stop();
  }
}

module.exports = { run };
