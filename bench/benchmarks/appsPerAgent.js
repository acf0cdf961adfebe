/*
 * The warm entity page does not grow with the applications the entity does
 * not select: one agent with 1,000 applications (the main sandbox's first
 * agent) and one with 10,000 (a sandbox of its own, same latency), the same
 * entity (svc-0001 in dev, qa and prod) shown by Roadie, Community and the
 * suite (warm, from its fleet state), side by side.
 */
const path = require('node:path');
const { startSuiteBackend, startPeerBackend, waitFresh, WORK } = require('../lib/backends');
const { roadiePage, communityPage, suitePage } = require('../lib/pages');
const { startSandboxProcess } = require('../lib/sandbox');
const { startCountingProxy } = require('../lib/countingProxy');
const { summarize } = require('../lib/stats');
const { freePort } = require('../lib/ports');

async function measure({ agent, proxy, appsPerAgent, samples, log }) {
  const agents = [{ ...agent, url: proxy.via(agent.url) }];
  const backends = {};
  try {
    backends.suite = await startSuiteBackend({ name: `suite-apps-${appsPerAgent}`, port: await freePort(), agents });
    backends.roadie = await startPeerBackend({ peer: 'roadie', port: await freePort(), agents });
    backends.community = await startPeerBackend({ peer: 'community', port: await freePort(), agents });
    const loadMs = await waitFresh(backends.suite);
    const pages = {
      roadie: roadiePage(backends.roadie),
      community: communityPage(backends.community, [agent.id]),
      suite: suitePage(backends.suite),
    };
    const ms = { roadie: [], community: [], suite: [] };
    const calls = { roadie: 0, community: 0, suite: 0 };
    const apps = {};
    for (const name of Object.keys(pages)) await pages[name]();
    for (let i = 0; i < samples; i++) {
      for (const name of Object.keys(pages)) {
        // the suite is cheap: more samples of it, interleaved all the same
        for (let k = 0; k < (name === 'suite' ? 4 : 1); k++) {
          const mark = proxy.mark();
          const result = await pages[name]();
          calls[name] += proxy.callsSince(mark).length;
          ms[name].push(result.ms);
          apps[name] = result.apps;
        }
      }
    }
    log(`apps per agent ${appsPerAgent}: suite warm p50 ${summarize(ms.suite).p50.toFixed(2)} ms`);
    return {
      appsPerAgent,
      suiteLoadMs: loadMs,
      latency: Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, summarize(v)])),
      upstreamCallsPerPage: Object.fromEntries(Object.entries(calls).map(([k, v]) => [k, v / ms[k].length])),
      appsShown: apps,
      rssMb: Object.fromEntries(Object.entries(backends).map(([k, b]) => [k, b.rssMb()])),
    };
  } finally {
    await Promise.all(Object.values(backends).map(b => b.stop()));
  }
}

async function run({ sandbox, proxy, smoke, log }) {
  const samples = smoke ? 3 : 50;
  const rows = [await measure({ agent: sandbox.agents[0], proxy, appsPerAgent: sandbox.agents.length ? 1000 : 0, samples, log })];
  if (smoke) rows[0].appsPerAgent = 'smoke';
  const big = smoke ? 600 : 10_000;
  log(`apps per agent: sandbox of 1 agent x ${big} apps`);
  const bigSandbox = await startSandboxProcess({
    agents: 1,
    appsPerAgent: big,
    ...sandbox.defaultFaults,
    port: await freePort(),
    logFile: path.join(WORK, 'sandbox-apps-per-agent.log'),
  });
  const bigProxy = await startCountingProxy(bigSandbox.baseUrl);
  try {
    rows.push(await measure({ agent: bigSandbox.agents[0], proxy: bigProxy, appsPerAgent: big, samples, log }));
  } finally {
    await bigProxy.close();
    await bigSandbox.stop();
  }
  return rows;
}

module.exports = { run };
