/*
 * Fleet scale: the fleet summary and a filtered fleet list over every
 * sandbox agent (20 x 1,000 apps in a full run), warm latency and the
 * backend's RSS, and the time from start until every agent is loaded. Every
 * timed call is checked: no upstream call during it. Run twice: the suite
 * from TypeScript source (CLI transform) and built (plain node).
 */
const { startSuiteBackend, waitFresh } = require('../lib/backends');
const { timedGetJson } = require('../lib/httpClient');
const { summarize } = require('../lib/stats');
const { freePort } = require('../lib/ports');

const CALLS = {
  summary: '/api/gitops/fleet/summary',
  filteredList: '/api/gitops/fleet/applications?environment=prod&sync=OutOfSync',
  unfilteredList: '/api/gitops/fleet/applications',
};

async function measure({ sandbox, proxy, smoke, log, built }) {
  const agents = sandbox.agents.map(a => ({ ...a, url: proxy.via(a.url) }));
  const started = Date.now();
  const backend = await startSuiteBackend({
    name: `suite-fleet-${built ? 'built' : 'source'}`,
    port: await freePort(),
    agents,
    built,
  });
  try {
    const headers = { authorization: `Bearer ${backend.token}` };
    const get = p => timedGetJson(`${backend.baseUrl}${p}`, headers);
    const result = { backend: built ? 'built' : 'source', agents: agents.length, rssMb: {} };
    result.rssMb.idle = backend.rssMb();
    await waitFresh(backend);
    result.startToFreshMs = Date.now() - started;

    const mark = proxy.mark();
    const cold = await get(CALLS.summary);
    result.coldSummary = { ms: cold.ms, upstreamCalls: proxy.callsSince(mark).length, applications: cold.json.total ?? cold.json.applications ?? undefined };
    result.summaryShape = Object.keys(cold.json);
    result.rssMb.afterColdLoad = backend.rssMb();

    const samples = smoke ? 3 : 60;
    let rssMax = result.rssMb.afterColdLoad;
    for (const [name, p] of Object.entries(CALLS)) {
      const n = name === 'unfilteredList' ? Math.max(2, Math.round(samples / 6)) : samples;
      const ms = [];
      let upstream = 0;
      let last;
      for (let i = 0; i < n; i++) {
        const before = proxy.mark();
        last = await get(p);
        upstream += proxy.callsSince(before).length;
        ms.push(last.ms);
        if (i % 10 === 0) rssMax = Math.max(rssMax, backend.rssMb());
      }
      result[name] = {
        path: p,
        warmLatency: summarize(ms),
        upstreamCallsDuringWarmSamples: upstream,
        responseBytes: Buffer.byteLength(last.body),
        items: last.json.items?.length,
        total: last.json.total,
        errors: (last.json.errors ?? []).length,
      };
      log(`fleet (${result.backend}): ${name} p50 ${result[name].warmLatency.p50.toFixed(1)} ms`);
    }
    result.rssMb.afterWarmSamples = backend.rssMb();
    result.rssMb.max = Math.max(rssMax, result.rssMb.afterWarmSamples);
    // what the process holds once idle: V8 gives the heap the load grew back
    // (its memory reducer runs when allocation slows), so the figure right
    // after the load is the load's high-water mark, not what 20,000
    // applications cost
    Object.assign(result.rssMb, await settledRss(backend, smoke ? 4_000 : 90_000));
    log(`fleet (${result.backend}): RSS ${Math.round(result.rssMb.afterWarmSamples)} MB after samples, ${Math.round(result.rssMb.settled)} MB settled after ${Math.round(result.rssMb.settledAfterMs / 1000)} s`);
    return result;
  } finally {
    await backend.stop();
  }
}

/**
 * Polls the backend's RSS every 2 s (no requests meanwhile) until three
 * readings in a row are within 2 MB of each other, or `limitMs` passed.
 */
async function settledRss(backend, limitMs) {
  const start = Date.now();
  const readings = [backend.rssMb()];
  while (Date.now() - start < limitMs) {
    await new Promise(resolve => setTimeout(resolve, 2_000));
    readings.push(backend.rssMb());
    const last = readings.slice(-3);
    if (last.length === 3 && Math.max(...last) - Math.min(...last) <= 2 && readings[0] - last[2] > 2) break;
  }
  return { settled: readings[readings.length - 1], settledAfterMs: Date.now() - start };
}

async function run(context) {
  return [await measure({ ...context, built: false }), await measure({ ...context, built: true })];
}

module.exports = { run };
