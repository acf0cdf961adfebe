/*
 * The fleet page's "Needs attention" list over the shared sandbox (20 x
 * 1,000 apps in a full run, the generated mix: a few percent out of sync,
 * degraded, progressing, missing or failed), read the two ways the page
 * has read it, interleaved in one run over one built backend:
 *   before: every page of GET /fleet/applications?attention=true (the
 *           common client's fleetApplicationPages, as readFleetPage did);
 *   after:  one page of 20 (GET ...?attention=true&limit=20, as
 *           useFleetAttentionPage does), and the next page by its cursor.
 * Checked: the page of 20 is the first 20 of the whole list, in order, and
 * its total is the whole list's length.
 */
const path = require('node:path');
const { startSuiteBackend, waitFresh } = require('../lib/backends');
const { ROOT } = require('../lib/sandbox');
const { summarize, since } = require('../lib/stats');
const { freePort } = require('../lib/ports');

const PAGE_SIZE = 20;

async function timed(read) {
  const start = process.hrtime.bigint();
  const value = await read();
  return { ms: since(start), value };
}

async function run({ sandbox, proxy, smoke, log }) {
  const agents = sandbox.agents.map(a => ({ ...a, url: proxy.via(a.url) }));
  const backend = await startSuiteBackend({ name: 'suite-fleet-attention', port: await freePort(), agents, built: true });
  try {
    await waitFresh(backend);
    const common = require(path.join(ROOT, 'plugins/gitops-common/dist/index.cjs.js'));
    const api = await common.gitopsApiClient({
      discoveryApi: { getBaseUrl: async () => `${backend.baseUrl}/api/gitops` },
      headers: { authorization: `Bearer ${backend.token}` },
    });
    const everyPage = async () => {
      const items = [];
      let bytes = 0;
      let pages = 0;
      for await (const page of common.fleetApplicationPages(api, { attention: true })) {
        pages++;
        bytes += JSON.stringify(page).length;
        items.push(...page.items);
      }
      return { items, bytes, pages };
    };
    const onePage = async cursor => {
      const page = await common.answerBody(
        api.GET('/fleet/applications', { params: { query: { attention: true, limit: PAGE_SIZE, ...(cursor && { cursor }) } } }),
      );
      return { page, bytes: JSON.stringify(page).length };
    };
    const before = [];
    const after = [];
    const next = [];
    let whole;
    let first;
    for (let i = 0; i < (smoke ? 3 : 20); i++) {
      const a = await timed(everyPage);
      const b = await timed(() => onePage());
      const c = await timed(() => onePage(b.value.page.nextCursor));
      before.push(a.ms);
      after.push(b.ms);
      next.push(c.ms);
      whole = a.value;
      first = b.value;
      const expected = whole.items.slice(0, PAGE_SIZE).map(app => app.key).join(',');
      const got = first.page.items.map(app => app.key).join(',');
      if (got !== expected || first.page.total !== whole.items.length) {
        throw new Error(`the page of ${PAGE_SIZE} is not the first ${PAGE_SIZE} of the whole list (total ${first.page.total}, whole ${whole.items.length})`);
      }
    }
    const ratio = summarize(after).p50 / summarize(before).p50;
    log(`fleetAttention: ${whole.items.length} need attention; every page p50 ${summarize(before).p50.toFixed(1)} ms, one page p50 ${summarize(after).p50.toFixed(1)} ms (${ratio.toFixed(3)}x)`);
    return {
      agents: agents.length,
      needAttention: whole.items.length,
      everyPage: { latency: summarize(before), pages: whole.pages, items: whole.items.length, bytes: whole.bytes },
      onePage: { latency: summarize(after), items: first.page.items.length, bytes: first.bytes },
      nextPage: { latency: summarize(next) },
      onePageOverEveryPageP50: ratio,
    };
  } finally {
    await backend.stop();
  }
}

module.exports = { run };
