/*
 * Scale: one suite replica (built, plain node) over 100 Argo CD agents x
 * 1,000 applications (100,000 applications, a sandbox of its own, same
 * latency): the time from the backend's start until every agent is fresh,
 * the warm entity page (svc-0001 on every agent: 300 applications) and the
 * backend's RSS.
 */
const path = require('node:path');
const { startSuiteBackend, waitFresh, WORK } = require('../lib/backends');
const { suitePage } = require('../lib/pages');
const { startSandboxProcess } = require('../lib/sandbox');
const { startCountingProxy } = require('../lib/countingProxy');
const { summarize } = require('../lib/stats');
const { freePort } = require('../lib/ports');

async function run({ sandbox, smoke, log }) {
  const size = smoke ? { agents: 5, appsPerAgent: 60 } : { agents: 100, appsPerAgent: 1000 };
  log(`scale: sandbox of ${size.agents} agents x ${size.appsPerAgent} apps`);
  const big = await startSandboxProcess({
    ...size,
    ...sandbox.defaultFaults,
    port: await freePort(),
    logFile: path.join(WORK, 'sandbox-scale.log'),
    readyTimeoutMs: 600_000,
  });
  const proxy = await startCountingProxy(big.baseUrl);
  try {
    const agents = big.agents.map(a => ({ ...a, url: proxy.via(a.url) }));
    const started = Date.now();
    const backend = await startSuiteBackend({ name: 'suite-scale', port: await freePort(), agents, built: true });
    try {
      const rssIdle = backend.rssMb();
      await waitFresh(backend, 900_000);
      const startToFreshMs = Date.now() - started;
      const rssLoaded = backend.rssMb();
      const page = suitePage(backend);
      const ms = [];
      let apps = 0;
      let upstream = 0;
      await page();
      for (let i = 0; i < (smoke ? 5 : 200); i++) {
        const mark = proxy.mark();
        const result = await page();
        upstream += proxy.callsSince(mark).length;
        ms.push(result.ms);
        apps = result.apps;
      }
      const result = {
        ...size,
        applications: size.agents * size.appsPerAgent,
        startToFreshMs,
        warmEntityPage: summarize(ms),
        appsShown: apps,
        upstreamCallsDuringWarmSamples: upstream,
        rssMb: { idle: rssIdle, loaded: rssLoaded, afterSamples: backend.rssMb() },
      };
      log(`scale: fresh after ${startToFreshMs} ms, warm page p50 ${result.warmEntityPage.p50.toFixed(2)} ms, RSS ${Math.round(result.rssMb.afterSamples)} MB`);
      return result;
    } finally {
      await backend.stop();
    }
  } finally {
    await proxy.close();
    await big.stop();
  }
}

module.exports = { run };
