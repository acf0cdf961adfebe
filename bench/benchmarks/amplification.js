/*
 * Amplification: 500 concurrent entity-page loads (autocannon over
 * loopback, 500 connections) against the suite, cache TTL 15 s (the
 * default): how many upstream agent calls, per distinct query, per TTL.
 */
const autocannon = require('autocannon');
const { startSuiteBackend } = require('../lib/backends');
const { suiteEntityPath } = require('../lib/pages');
const { freePort } = require('../lib/ports');

async function run({ sandbox, proxy, smoke, log }) {
  const agents = sandbox.agents.slice(0, smoke ? 2 : 4).map(a => ({ ...a, url: proxy.via(a.url) }));
  const ttlSeconds = 15;
  const backend = await startSuiteBackend({ name: 'suite-amplification', port: await freePort(), agents, ttlSeconds });
  try {
    const connections = smoke ? 50 : 500;
    const duration = smoke ? 3 : 35;
    log(`amplification: ${connections} connections for ${duration} s, ${agents.length} agents, TTL ${ttlSeconds} s (cache cold at start)`);
    const mark = proxy.mark();
    const result = await autocannon({
      url: `${backend.baseUrl}${suiteEntityPath}`,
      connections,
      duration,
      headers: { authorization: `Bearer ${backend.token}` },
    });
    const calls = proxy.callsSince(mark);
    const byQuery = new Map();
    for (const call of calls) {
      const key = `${call.agentId} ${call.method} ${call.path}?${call.query}`;
      byQuery.set(key, (byQuery.get(key) ?? 0) + 1);
    }
    const ttlWindows = Math.ceil(duration / ttlSeconds);
    const perQuery = [...byQuery.values()];
    return {
      agents: agents.length,
      connections,
      durationSeconds: duration,
      ttlSeconds,
      ttlWindows,
      pageLoads: result.requests.total,
      pageLoads2xx: result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      requestsPerSecond: result.requests.average,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      upstreamCalls: calls.length,
      distinctQueries: byQuery.size,
      maxCallsPerDistinctQuery: Math.max(0, ...perQuery),
      maxCallsPerDistinctQueryPerTtl: Math.max(0, ...perQuery) / ttlWindows,
      upstreamCallsPerPageLoad: calls.length / Math.max(1, result.requests.total),
    };
  } finally {
    await backend.stop();
  }
}

module.exports = { run };
