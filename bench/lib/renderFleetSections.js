/*
 * Markdown of the fleet-state benchmarks: fleet scale (source and built),
 * load, apps per agent, live changes, the 100-agent scale and the fleet
 * page's data at that scale.
 */
const { round } = require('./stats');

const ms = v => (Number.isFinite(v) ? `${round(v, 1)}` : '-');
const lat = s => (s && s.n ? `${ms(s.p50)} / ${ms(s.p99)} (${ms(s.min)}-${ms(s.max)}, n ${s.n})` : '-');
const mb = v => (Number.isFinite(v) ? `${Math.round(v)}` : '-');

function fleetSection(runs) {
  const lines = [
    `### Fleet scale (every application of the ${runs[0].agents} sandbox agents; targets: summary < 20 ms, filtered list < 50 ms, RSS built < 400 MB)`,
    '',
    '| backend | call | path | warm latency ms p50 / p99 (min-max, n) | upstream calls during warm samples | items | body |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const f of runs) {
    for (const [name, r] of [['fleet summary', f.summary], ['filtered fleet list', f.filteredList], ['unfiltered fleet list', f.unfilteredList]]) {
      lines.push(`| ${f.backend} | ${name} | \`${r.path}\` | ${lat(r.warmLatency)} | ${r.upstreamCallsDuringWarmSamples} | ${r.items ?? '-'} of ${r.total ?? '-'} | ${Math.round(r.responseBytes / 1024)} KB |`);
    }
  }
  lines.push('', '| backend | start until every agent fresh | first fleet summary | RSS MB idle / loaded / after samples / max | RSS MB settled (idle, after) |', '|---|---|---|---|---|');
  for (const f of runs) {
    lines.push(`| ${f.backend} | ${ms(f.startToFreshMs)} ms | ${ms(f.coldSummary.ms)} ms, ${f.coldSummary.upstreamCalls} upstream calls | ${mb(f.rssMb.idle)} / ${mb(f.rssMb.afterColdLoad)} / ${mb(f.rssMb.afterWarmSamples)} / ${mb(f.rssMb.max)} | ${f.rssMb.settled === undefined ? '-' : `${mb(f.rssMb.settled)} (${Math.round(f.rssMb.settledAfterMs / 1000)} s)`} |`);
  }
  return lines.join('\n');
}

function loadSection(runs) {
  const a = runs[0];
  return [
    `### Load (${a.connections} concurrent entity-page loads for ${a.durationSeconds} s, ${a.agents} agents, fleet state warm; targets: 0 errors, 0 timeouts, p99 < 250 ms, 0 upstream calls per page)`,
    '',
    'wrk runs in a process of its own; autocannon runs inside the bench process, on the same cores as the backend. With wrk, non-2xx counts responses >= 400 and 2xx the rest. The health route answers nothing but `ok` through the same middleware: the floor of any route of the plugin.',
    '',
    '| backend | path | load generator | page loads (2xx) | non-2xx / errors / timeouts | page loads/s | latency ms p50 / p99 / max | upstream calls (page traffic) | per page load | RSS MB after |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      r =>
        `| ${r.backend} | ${r.page ?? 'entity page'} | ${r.generator} | ${r.pageLoads} (${r.pageLoads2xx}) | ${r.non2xx} / ${r.errors} / ${r.timeouts} | ${round(r.pageLoadsPerSecond, 1)} | ${ms(r.latencyMs.p50)} / ${ms(r.latencyMs.p99)} / ${ms(r.latencyMs.max)} | ${r.upstreamCalls} | ${round(r.upstreamCallsPerPageLoad, 4)} | ${mb(r.rssMb)} |`,
    ),
  ].join('\n');
}

function appsPerAgentSection(rows) {
  const lines = [
    '### Apps per agent (1 agent; the same entity, svc-0001 in dev, qa, prod; warm)',
    '',
    '| apps on the agent | Roadie ms p50 / p99 | Community ms p50 / p99 | suite warm ms p50 / p99 | suite speed-up over best peer | upstream calls per page (Roadie, Community, suite) | apps shown | suite load | RSS MB (suite, Roadie, Community) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const best = Math.min(r.latency.roadie.p50, r.latency.community.p50);
    const c = r.upstreamCallsPerPage;
    lines.push(
      `| ${r.appsPerAgent} | ${lat(r.latency.roadie)} | ${lat(r.latency.community)} | ${lat(r.latency.suite)} | ${round(best / r.latency.suite.p50, 1)}x | ${round(c.roadie, 2)}, ${round(c.community, 2)}, ${round(c.suite, 2)} | ${r.appsShown.roadie}, ${r.appsShown.community}, ${r.appsShown.suite} | ${ms(r.suiteLoadMs)} ms | ${mb(r.rssMb.suite)}, ${mb(r.rssMb.roadie)}, ${mb(r.rssMb.community)} |`,
    );
  }
  return lines.join('\n');
}

function liveSection(l) {
  const rows = [`| Argo CD (watch stream) | ${lat(l.changeToApiMs)} |`];
  if (l.harness) {
    rows.push(
      `| Harness, ${l.harness.appsPerAgent} apps (${l.harness.feed === 'watch' ? 'AgentApplicationServiceWatch' : `feed: ${l.harness.feed}`}) | ${lat(l.harness.changeToApiMs)} |`,
    );
  }
  return [
    `### Live (${l.changes} changes on a sandbox agent until the suite's API shows them; target p50 and p99 < 1 s)`,
    '',
    '| agent | change to API, ms p50 / p99 (min-max, n) |',
    '|---|---|',
    ...rows,
  ].join('\n');
}

function scaleSection(s) {
  return [
    `### Scale (one replica, built, ${s.agents} agents x ${s.appsPerAgent} apps = ${s.applications} applications; targets: warm entity p50 < 5 ms, RSS < 1 GB)`,
    '',
    '| start until every agent fresh | warm entity page ms p50 / p99 (min-max, n) | apps shown | upstream calls during warm samples | RSS MB idle / loaded / after samples |',
    '|---|---|---|---|---|',
    `| ${round(s.startToFreshMs / 1000, 1)} s | ${lat(s.warmEntityPage)} | ${s.appsShown} | ${s.upstreamCallsDuringWarmSamples} | ${mb(s.rssMb.idle)} / ${mb(s.rssMb.loaded)} / ${mb(s.rssMb.afterSamples)} |`,
  ].join('\n');
}

function fleetPageSection(f) {
  const e = f.everyApplication;
  return [
    `### Fleet page at scale (one replica, built, ${f.agents} agents x ${f.appsPerAgent} apps + 1 = ${f.applications} applications, the one degraded sorting last; read through the common client's iterator)`,
    '',
    '| start until every application loaded (agents fresh then) | fleet page data ms p50 / p99 (min-max, n): summary + every needs-attention page + agents | first read | needs attention found | upstream calls during warm samples | every application, every page ms p50 / p99 (min-max, n) | pages, items, last | RSS MB after |',
    '|---|---|---|---|---|---|---|---|',
    `| ${round(f.startToLoadedMs / 1000, 1)} s (${f.agentsFreshWhenLoaded} of ${f.agents}) | ${lat(f.fleetPageData)} | ${ms(f.firstFleetPageDataMs)} ms | ${f.attentionFound} (${f.attentionPages} page) | ${f.upstreamCallsDuringWarmSamples} | ${lat(e.latency)} | ${e.pages}, ${e.items}, ${e.last} | ${mb(f.rssMb)} |`,
  ].join('\n');
}

function fleetAttentionSection(f) {
  const kb = bytes => `${round(bytes / 1024, 1)} KiB`;
  return [
    `### Needs attention on the fleet page (one replica, built, ${f.agents} agents; ${f.needAttention} applications need attention; interleaved in one run)`,
    '',
    '| read | ms p50 / p99 (min-max, n) | pages | items | JSON |',
    '|---|---|---|---|---|',
    `| before: every page of ?attention=true | ${lat(f.everyPage.latency)} | ${f.everyPage.pages} | ${f.everyPage.items} | ${kb(f.everyPage.bytes)} |`,
    `| after: one page of 20 | ${lat(f.onePage.latency)} | 1 | ${f.onePage.items} | ${kb(f.onePage.bytes)} |`,
    `| after: the next page by its cursor | ${lat(f.nextPage.latency)} | 1 | - | - |`,
    '',
    `One page over every page, p50: ${round(f.onePageOverEveryPageP50, 3)}x.`,
  ].join('\n');
}

module.exports = { fleetSection, loadSection, appsPerAgentSection, liveSection, scaleSection, fleetPageSection, fleetAttentionSection };
