/*
 * Peers side by side: one entity page (a service deployed to dev, qa and
 * prod on every agent) shown by Roadie's Argo CD plugin, the community
 * Argo CD plugin and the suite, against the SAME sandbox agents (through one
 * counting proxy), for 1, 4, 8 and 16 agents. Latency per page view and
 * upstream agent calls per page view; the suite's cold path (its fleet
 * state still loading: the counting proxy holds its feed, so every page is
 * answered by targeted calls) and warm path (answered from the fleet state); a direct single-agent round trip for reference; and a slow
 * agent (2 s latency) on the page.
 */
const { startSuiteBackend, startPeerBackend, waitFresh, SELECTOR } = require('../lib/backends');
const { roadiePage, communityPage, suitePage } = require('../lib/pages');
const { timedGetJson } = require('../lib/httpClient');
const { setFaults } = require('../lib/sandbox');
const { summarize, since } = require('../lib/stats');
const { freePort } = require('../lib/ports');

/** Calls one page view, recording latency and the upstream calls it cost. */
async function sample(proxy, page, into) {
  const mark = proxy.mark();
  const result = await page();
  const calls = proxy.callsSince(mark);
  into.ms.push(result.ms);
  into.calls.push(calls.length);
  into.apps = result.apps;
  if (result.errors?.length) into.errors.push(...result.errors.map(e => e.code));
  return calls;
}

const bucket = () => ({ ms: [], calls: [], apps: 0, errors: [] });
function merge(into, from) {
  into.ms.push(...from.ms);
  into.calls.push(...from.calls);
  into.apps = from.apps;
  into.errors.push(...from.errors);
}
const report = b => ({
  latency: summarize(b.ms),
  upstreamCallsPerPage: summarize(b.calls),
  appsShown: b.apps,
  errors: [...new Set(b.errors)],
});

async function measureAgentCount({ sandbox, proxy, agentCount, cycles, warmPerCycle, coldSamples, timeoutMs, slowAgent, log }) {
  const agents = sandbox.agents.slice(0, agentCount).map(a => ({ ...a, url: proxy.via(a.url) }));
  const ids = agents.map(a => a.id);
  log(`peers: ${agentCount} agent(s): starting backends`);
  const backends = {};
  try {
    // the suite starts cold: its feed is held until the cold samples are drawn
    proxy.holdFeed();
    backends.suite = await startSuiteBackend({ name: `suite-peers-${agentCount}`, port: await freePort(), agents, timeoutMs });
    backends.roadie = await startPeerBackend({ peer: 'roadie', port: await freePort(), agents });
    backends.community = await startPeerBackend({ peer: 'community', port: await freePort(), agents });

    const pages = {
      roadie: roadiePage(backends.roadie),
      community: communityPage(backends.community, ids),
      suite: suitePage(backends.suite),
    };
    const buckets = { roadie: bucket(), community: bucket(), suiteCold: bucket(), suiteWarm: bucket(), directLean: bucket(), directSelector: bucket(), catalogLookup: bucket() };
    const catalogUrl = `${backends.suite.baseUrl}/api/catalog/entities/by-name/component/default/bench-svc`;
    const suiteHeaders = { authorization: `Bearer ${backends.suite.token}` };
    const headers = { authorization: `Bearer ${agents[0].token}` };
    const selectorUrl = `${agents[0].url}/api/v1/applications?selector=${encodeURIComponent(SELECTOR)}`;
    const leanUrl = proxy.feedCalls().find(c => c.agentId === agents[0].id && c.path === '/api/v1/applications');
    let unexpectedlyWarm = 0;
    let unexpectedlyCold = 0;
    const directCalls = async () => {
      const direct = await timedGetJson(selectorUrl, headers);
      buckets.directSelector.ms.push(direct.ms);
      if (leanUrl) {
        const lean = await timedGetJson(`${agents[0].url}${leanUrl.path}${leanUrl.query ? `?${leanUrl.query}` : ''}`, headers);
        buckets.directLean.ms.push(lean.ms);
      }
    };

    // one call of each first: connections open, code paths loaded
    await pages.roadie();
    await pages.community();

    // cold: the fleet state has not loaded (initial load held), every page
    // is answered by targeted calls; interleaved with the direct calls
    for (let i = 0; i < coldSamples; i++) {
      const cold = bucket();
      const calls = await sample(proxy, pages.suite, cold);
      if (calls.length === 0) unexpectedlyWarm++;
      else merge(buckets.suiteCold, cold);
      await directCalls();
    }
    proxy.releaseFeed();
    const loadMs = await waitFresh(backends.suite);

    for (let cycle = 0; cycle < cycles; cycle++) {
      for (let i = 0; i < warmPerCycle; i++) {
        const warm = bucket();
        const warmCalls = await sample(proxy, pages.suite, warm);
        if (warmCalls.length) unexpectedlyCold++;
        else merge(buckets.suiteWarm, warm);
        if (i % 4 === 0) buckets.catalogLookup.ms.push((await timedGetJson(catalogUrl, suiteHeaders)).ms);
      }
      // peers and direct calls, interleaved with the suite's samples
      for (let round = 0; round < 4; round++) {
        await sample(proxy, pages.roadie, buckets.roadie);
        await sample(proxy, pages.community, buckets.community);
        await directCalls();
      }
    }

    const result = {
      agents: agentCount,
      roadie: report(buckets.roadie),
      community: report(buckets.community),
      suiteCold: report(buckets.suiteCold),
      suiteWarm: report(buckets.suiteWarm),
      directSelectorCall: summarize(buckets.directSelector.ms),
      directLeanListCall: summarize(buckets.directLean.ms),
      suiteCatalogLookup: summarize(buckets.catalogLookup.ms),
      suiteLeanListCall: leanUrl ? `GET ${leanUrl.path}?${leanUrl.query}` : undefined,
      unexpectedlyWarm,
      unexpectedlyCold,
      suiteLoadAfterReleaseMs: loadMs,
      rssMb: {
        suite: backends.suite.rssMb(),
        roadie: backends.roadie.rssMb(),
        community: backends.community.rssMb(),
      },
    };

    if (slowAgent) {
      log(`peers: ${agentCount} agent(s): slow agent ${agents[0].id} (2000 ms latency)`);
      const slow = { roadie: bucket(), community: bucket(), suite: bucket() };
      await setFaults(sandbox.agents[0], { latencyMs: 2000 });
      try {
        // the suite's state is loaded: the page is answered from memory
        for (let i = 0; i < slowAgent.samples; i++) {
          await sample(proxy, pages.suite, slow.suite);
          await sample(proxy, pages.roadie, slow.roadie);
          await sample(proxy, pages.community, slow.community);
        }
      } finally {
        await setFaults(sandbox.agents[0], sandbox.defaultFaults);
      }
      result.slowAgent = {
        slowAgentId: agents[0].id,
        latencyMs: 2000,
        suiteTimeoutMs: timeoutMs,
        roadie: report(slow.roadie),
        community: report(slow.community),
        suite: report(slow.suite),
      };
    }
    return result;
  } finally {
    proxy.releaseFeed();
    await Promise.all(Object.values(backends).map(b => b.stop()));
  }
}

async function run({ sandbox, proxy, smoke, log }) {
  const agentCounts = smoke ? [2] : [1, 4, 8, 16];
  const results = [];
  for (const agentCount of agentCounts) {
    const start = process.hrtime.bigint();
    results.push(
      await measureAgentCount({
        sandbox,
        proxy,
        agentCount,
        cycles: smoke ? 1 : 12,
        warmPerCycle: smoke ? 5 : 40,
        coldSamples: smoke ? 2 : 12,
        timeoutMs: 1000,
        slowAgent: agentCount === (smoke ? 2 : 4) ? { samples: smoke ? 1 : 5 } : undefined,
        log,
      }),
    );
    log(`peers: ${agentCount} agent(s) done in ${Math.round(since(start) / 1000)} s`);
  }
  return results;
}

module.exports = { run };
