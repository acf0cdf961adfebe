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
 * Built, the same load then goes to the plugin's own health route, which
 * does nothing but answer: the floor that Backstage's HTTP stack (helmet,
 * CORS, compression, the auth middleware, the OpenAPI validator) sets for any
 * route of the plugin on this machine, measured beside the page; and to
 * Backstage's liveness route, outside any plugin's router.
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

/** The plugin's health route: the same stack as the page, and no work. */
const HEALTH_PATH = '/api/gitops/health';
/** Backstage's own liveness route, outside every plugin's router. */
const LIVENESS_PATH = '/.backstage/health/v1/liveness';

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
    const pages = [
      { page: 'entity page', path: suiteEntityPath, generators },
      // the floor, with the preferred generator only
      ...(built
        ? [
            { page: 'health route (floor)', path: HEALTH_PATH, generators: generators.slice(0, 1) },
            { page: "Backstage's liveness (no plugin)", path: LIVENESS_PATH, generators: generators.slice(0, 1) },
          ]
        : []),
    ];
    for (const { page, path, generators: pageGenerators } of pages) {
      for (const generator of pageGenerators) {
        log(`load (${backendName}, ${generator.name}, ${page}): ${connections} connections for ${durationSeconds} s, ${agents.length} agents, warm`);
        const mark = proxy.mark();
        const figures = await generator.run({
          url: `${backend.baseUrl}${path}`,
          headers: { authorization: `Bearer ${backend.token}` },
          connections,
          durationSeconds,
          timeoutSeconds: 10,
        });
        const calls = proxy.callsSince(mark);
        rows.push({
          backend: backendName,
          page,
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
