/*
 * Live: a change made on a sandbox agent (an application drifts) until the
 * suite's API shows it, over 100 changes on 100 different applications
 * (Synced production applications, which nothing syncs back), with the
 * suite's fleet state warm and fed by the agents' watch streams. The API is
 * read in a tight loop; each figure is from the drift request to the first
 * answer that shows the application OutOfSync.
 */
const { startSuiteBackend, waitFresh } = require('../lib/backends');
const { timedGetJson } = require('../lib/httpClient');
const { summarize, since } = require('../lib/stats');
const { freePort } = require('../lib/ports');

async function run({ sandbox, proxy, smoke, log }) {
  const agents = sandbox.agents.slice(0, smoke ? 2 : 4).map(a => ({ ...a, url: proxy.via(a.url) }));
  const backend = await startSuiteBackend({ name: 'suite-live', port: await freePort(), agents, built: true });
  try {
    await waitFresh(backend);
    const headers = { authorization: `Bearer ${backend.token}` };
    const agent = sandbox.agents[0];
    const list = await timedGetJson(
      `${backend.baseUrl}/api/gitops/fleet/applications?agent=${agent.id}&environment=prod&sync=Synced`,
      headers,
    );
    const changes = smoke ? 5 : 100;
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
        if (since(start) > 30_000) throw new Error(`${name} never showed OutOfSync`);
      }
      ms.push(since(start));
    }
    const result = { changes: ms.length, agents: agents.length, changeToApiMs: summarize(ms) };
    log(`live: change to API p50 ${result.changeToApiMs.p50.toFixed(1)} ms, p99 ${result.changeToApiMs.p99.toFixed(1)} ms`);
    return result;
  } finally {
    await backend.stop();
  }
}

module.exports = { run };
