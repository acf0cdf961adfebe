/*
 * Load: 500 concurrent connections loading the entity page (autocannon over
 * loopback) for 30 s against the suite, its fleet state warm: page loads
 * per second, latency, errors and timeouts, and the upstream agent calls
 * the page traffic cost (the suite's own feed is counted apart). Run
 * against the suite from TypeScript source and built, one after the other.
 */
const autocannon = require('autocannon');
const { startSuiteBackend, waitFresh } = require('../lib/backends');
const { suiteEntityPath } = require('../lib/pages');
const { freePort } = require('../lib/ports');

async function load({ sandbox, proxy, smoke, log, built }) {
  const agents = sandbox.agents.slice(0, smoke ? 2 : 4).map(a => ({ ...a, url: proxy.via(a.url) }));
  const backend = await startSuiteBackend({
    name: `suite-load-${built ? 'built' : 'source'}`,
    port: await freePort(),
    agents,
    built,
  });
  try {
    await waitFresh(backend);
    const connections = smoke ? 50 : 500;
    const duration = smoke ? 3 : 30;
    log(`load (${built ? 'built' : 'source'}): ${connections} connections for ${duration} s, ${agents.length} agents, warm`);
    const mark = proxy.mark();
    const result = await autocannon({
      url: `${backend.baseUrl}${suiteEntityPath}`,
      connections,
      duration,
      timeout: 10,
      headers: { authorization: `Bearer ${backend.token}` },
    });
    const calls = proxy.callsSince(mark);
    return {
      backend: built ? 'built' : 'source',
      agents: agents.length,
      connections,
      durationSeconds: duration,
      pageLoads: result.requests.total,
      pageLoads2xx: result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      pageLoadsPerSecond: result.requests.average,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      upstreamCalls: calls.length,
      upstreamCallsPerPageLoad: calls.length / Math.max(1, result.requests.total),
      rssMb: backend.rssMb(),
    };
  } finally {
    await backend.stop();
  }
}

async function run(context) {
  return [await load({ ...context, built: false }), await load({ ...context, built: true })];
}

module.exports = { run };
