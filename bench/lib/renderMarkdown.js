/*
 * Renders bench results as Markdown tables: median (p50) and spread
 * (p99, min-max, n) per figure, with the targets they are read against.
 */
const { round } = require('./stats');
const {
  fleetSection,
  loadSection,
  appsPerAgentSection,
  liveSection,
  scaleSection,
  fleetPageSection,
  fleetAttentionSection,
} = require('./renderFleetSections');

const ms = v => (Number.isFinite(v) ? `${round(v, 1)}` : '-');
const lat = s => (s && s.n ? `${ms(s.p50)} / ${ms(s.p99)} (${ms(s.min)}-${ms(s.max)}, n ${s.n})` : '-');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${round(a / b, 2)}x` : '-');

function peersSection(peers) {
  const lines = [
    '### Peers side by side (one entity page: svc-0001 in dev, qa, prod on every agent)',
    '',
    'Latency in ms: p50 / p99 (min-max, n). Calls = upstream agent calls per page view (p50; max).',
    '',
    '| agents | Roadie | calls | Community | calls | suite cold | calls | suite warm | calls | direct selector call (1 agent) | direct lean list call (1 agent) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of peers) {
    const calls = b => `${b.upstreamCallsPerPage.p50}; ${b.upstreamCallsPerPage.max}`;
    lines.push(
      `| ${r.agents} | ${lat(r.roadie.latency)} | ${calls(r.roadie)} | ${lat(r.community.latency)} | ${calls(r.community)} | ${lat(r.suiteCold.latency)} | ${calls(r.suiteCold)} | ${lat(r.suiteWarm.latency)} | ${calls(r.suiteWarm)} | ${lat(r.directSelectorCall)} | ${lat(r.directLeanListCall)} |`,
    );
  }
  lines.push('', 'Ratios (p50) and targets (reported, not asserted):', '');
  lines.push('| agents | best peer p50 | warm speed-up over best peer (target >= 10x) | suite warm p50 (target < 5 ms) | suite cold / direct lean list call (target <= 1.2x) | suite cold / direct selector call | apps shown (Roadie, Community, suite) | suite catalog lookup p50 | RSS MB (suite, Roadie, Community) |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const r of peers) {
    const best = Math.min(r.roadie.latency.p50, r.community.latency.p50);
    lines.push(
      `| ${r.agents} | ${ms(best)} | ${ratio(best, r.suiteWarm.latency.p50)} | ${ms(r.suiteWarm.latency.p50)} | ${ratio(r.suiteCold.latency.p50, r.directLeanListCall.p50)} | ${ratio(r.suiteCold.latency.p50, r.directSelectorCall.p50)} | ${r.roadie.appsShown}, ${r.community.appsShown}, ${r.suiteCold.appsShown} | ${ms(r.suiteCatalogLookup?.p50)} | ${Math.round(r.rssMb.suite)}, ${Math.round(r.rssMb.roadie)}, ${Math.round(r.rssMb.community)} |`,
    );
  }
  const slow = peers.find(r => r.slowAgent);
  if (slow) {
    const s = slow.slowAgent;
    lines.push(
      '',
      `Slow agent: ${s.slowAgentId} answers after ${s.latencyMs} ms, ${slow.agents} agents on the page, suite timeout ${s.suiteTimeoutMs} ms (target: the page costs no more than the timeout).`,
      '',
      '| contender | page latency p50 / p99 (min-max, n) | apps shown | errors reported |',
      '|---|---|---|---|',
      `| Roadie | ${lat(s.roadie.latency)} | ${s.roadie.appsShown} | ${s.roadie.errors.join(', ') || 'none'} |`,
      `| Community | ${lat(s.community.latency)} | ${s.community.appsShown} | ${s.community.errors.join(', ') || 'none'} |`,
      `| suite | ${lat(s.suite.latency)} | ${s.suite.appsShown} | ${s.suite.errors.join(', ') || 'none'} |`,
    );
  }
  const odd = peers.filter(r => r.unexpectedlyWarm || r.unexpectedlyCold);
  if (odd.length) {
    lines.push('', `Cache classification misses: ${odd.map(r => `${r.agents} agents: ${r.unexpectedlyWarm} cold samples found warm, ${r.unexpectedlyCold} warm samples found cold`).join('; ')}.`);
  }
  return lines.join('\n');
}

function proxySection(p) {
  return [
    `### Proxy overhead (${p.rpsEach} req/s to each path for ${p.seconds} s, open loop, interleaved; target: p99 added < 2 ms)`,
    '',
    `Path: \`${p.path}\` on ${p.agent} (no injected latency for this benchmark).`,
    '',
    '| path | latency ms p50 / p99 (min-max, n) | failures |',
    '|---|---|---|',
    `| direct to the agent | ${lat(p.direct)} | ${p.failures.direct} |`,
    `| GET /api/gitops/proxy/... | ${lat(p.viaSuiteProxy)} | ${p.failures.viaSuiteProxy} |`,
    `| added by the proxy | p50 ${ms(p.addedMs.p50)}, p99 ${ms(p.addedMs.p99)} | |`,
  ].join('\n');
}

function ttiSection(t) {
  if (t.notMeasured) return `### Frontend TTI\n\nNot measured: ${t.notMeasured}`;
  return [
    `### Frontend TTI (${t.description})`,
    '',
    '| measure | ms p50 / p99 (min-max, n) |',
    '|---|---|',
    ...Object.entries(t.figures).map(([k, v]) => `| ${k} | ${lat(v)} |`),
  ].join('\n');
}

function appSetPreviewSection(a) {
  const mb = bytes => (bytes < 2 ** 20 ? `${bytes} B` : `${round(bytes / 2 ** 20, 2)} MB`);
  return [
    '### ApplicationSet preview of 40,000 apps (target: refused fast, /health under 100 ms during it)',
    '',
    `POST /api/gitops/agents/${a.agent}/applicationsets/generate; GET /api/gitops/health asked one after the other while it runs. Idle /health: p50 ${ms(a.idleHealth.p50)} ms, max ${ms(a.idleHealth.max)} ms.`,
    '',
    '| manifest | status | answer ms | answer size | /health ms during it p50 / max (n) |',
    '|---|---|---|---|---|',
    ...a.rows.flatMap(row =>
      row.runs.map(r => `| ${row.scenario} | ${r.status} | ${ms(r.ms)} | ${mb(r.bytes)} | ${ms(r.health.p50)} / ${ms(r.health.max)} (${r.health.n}) |`),
    ),
  ].join('\n');
}

/** One table: a row per figure, a column per page (and build). */
function firstRenderSection(f) {
  const columns = Object.keys(f.figures);
  const rows = [...new Set(columns.flatMap(c => Object.keys(f.figures[c])))];
  const cell = v => {
    if (v === undefined) return '';
    if (Array.isArray(v)) return v.join('<br>');
    if (v && typeof v === 'object') return lat(v);
    return String(v);
  };
  return [
    `### First render of the built app (${f.description})`,
    '',
    `| figure | ${columns.join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`,
    ...rows.map(row => `| ${row} | ${columns.map(c => cell(f.figures[c][row])).join(' | ')} |`),
  ].join('\n');
}

const SECTIONS = {
  peers: peersSection,
  appsPerAgent: appsPerAgentSection,
  fleet: fleetSection,
  amplification: loadSection,
  live: liveSection,
  scale: scaleSection,
  fleetPage: fleetPageSection,
  fleetAttention: fleetAttentionSection,
  proxy: proxySection,
  tti: ttiSection,
  firstRender: firstRenderSection,
  appSetPreview: appSetPreviewSection,
};

function renderMarkdown(results) {
  const m = results.machine;
  const out = [
    `## Run of ${results.date}${results.smoke ? ' (smoke: tiny sizes, figures not meaningful)' : ''}`,
    '',
    `- Command: \`${results.command}\` (${results.durationSeconds} s)`,
    `- Machine: ${m.cpu}, ${m.memoryGb} GB, ${m.os}, Node ${m.node}; load average before ${m.loadAverage.join(' ')}, after ${m.loadAverageAfter?.join(' ')}`,
    `- Sandbox: ${results.sandbox.agents} Argo CD agents x ${results.sandbox.appsPerAgent} apps, latency ${results.sandbox.latencyMs} ms +- ${results.sandbox.jitterMs} ms`,
    '',
  ];
  for (const [name, value] of Object.entries(results.benchmarks)) {
    if (value?.failed) out.push(`### ${name}\n\nCould not run:\n\n\`\`\`\n${value.failed}\n\`\`\``);
    else out.push(SECTIONS[name](value));
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

module.exports = { renderMarkdown, appSetPreviewSection };
