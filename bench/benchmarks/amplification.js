/*
 * Load: 500 concurrent connections loading the entity page over loopback
 * for 30 s against the suite, its fleet state warm: page loads per second,
 * latency, errors and timeouts, and the upstream agent calls the page
 * traffic cost (the suite's own feed is counted apart). Run against the
 * suite from TypeScript source and built, one after the other.
 * The load comes from wrk (lib/wrk.js, a process of its own) when it is
 * installed, else from autocannon inside the bench process, whose CPU then
 * competes with the backend's on a small machine. In a full run with wrk,
 * the built backend takes both, one after the other, so the generator's
 * effect on the figures shows; each row names its generator.
 */
const autocannon = require('autocannon');
const { startSuiteBackend, waitFresh } = require('../lib/backends');
const { suiteEntityPath } = require('../lib/pages');
const { freePort } = require('../lib/ports');
const { wrkGenerator } = require('../lib/wrk');

/** One wrk thread: on 2 cores the backend needs the other one. */
const WRK_THREADS = 1;

const autocannonGenerator = {
  name: 'autocannon',
  async run({ url, headers, connections, durationSeconds, timeoutSeconds }) {
    const result = await autocannon({ url, headers, connections, duration: durationSeconds, timeout: timeoutSeconds });
    return {
      pageLoads: result.requests.total,
      pageLoads2xx: result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      pageLoadsPerSecond: result.requests.average,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    };
  },
};

/** The generators per backend: the preferred one, and for built in a full run wrk and autocannon. */
function generatorsFor(smoke) {
  const wrk = wrkGenerator({ threads: WRK_THREADS });
  const preferred = wrk ?? autocannonGenerator;
  return { source: [preferred], built: wrk && !smoke ? [wrk, autocannonGenerator] : [preferred] };
}

async function load({ sandbox, proxy, smoke, log, built, generators }) {
  const backendName = built ? 'built' : 'source';
  const agents = sandbox.agents.slice(0, smoke ? 2 : 4).map(a => ({ ...a, url: proxy.via(a.url) }));
  const backend = await startSuiteBackend({
    name: `suite-load-${backendName}`,
    port: await freePort(),
    agents,
    built,
  });
  try {
    await waitFresh(backend);
    const connections = smoke ? 50 : 500;
    const durationSeconds = smoke ? 3 : 30;
    const rows = [];
    for (const generator of generators) {
      log(`load (${backendName}, ${generator.name}): ${connections} connections for ${durationSeconds} s, ${agents.length} agents, warm`);
      const mark = proxy.mark();
      const figures = await generator.run({
        url: `${backend.baseUrl}${suiteEntityPath}`,
        headers: { authorization: `Bearer ${backend.token}` },
        connections,
        durationSeconds,
        timeoutSeconds: 10,
      });
      const calls = proxy.callsSince(mark);
      rows.push({
        backend: backendName,
        generator: generator.name,
        agents: agents.length,
        connections,
        durationSeconds,
        ...figures,
        upstreamCalls: calls.length,
        upstreamCallsPerPageLoad: calls.length / Math.max(1, figures.pageLoads),
        rssMb: backend.rssMb(),
      });
    }
    return rows;
  } finally {
    await backend.stop();
  }
}

async function run(context) {
  const generators = generatorsFor(context.smoke);
  return [
    ...(await load({ ...context, built: false, generators: generators.source })),
    ...(await load({ ...context, built: true, generators: generators.built })),
  ];
}

module.exports = { run };
