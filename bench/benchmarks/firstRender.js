/*
 * First render of the built app (packages/app/dist, the production bundle;
 * never the dev server): for the entity GitOps tab, the fleet page and the
 * add-environment template form, a full page load with the browser cache
 * off, in headless Chromium:
 * - shown: navigation start until the page's content is on screen and no
 *   progress bar remains (performance.now() in the page);
 * - JS: the script requests started before that moment, bytes over the wire
 *   and decoded (what the browser parses), split into the chunks holding
 *   modules of the plugin (plugins/gitops/src, by the build's source maps)
 *   and the rest;
 * - API: the /api requests from navigation until the network is quiet
 *   (1 s without a request; 30 s at most), /api/gitops apart by route,
 *   and the repeated ones (the same URL twice);
 * then the fleet filter round trip: on the loaded fleet page, picking one
 * environment in the Environment filter until the table of applications
 * that need attention shows the filtered count and nothing is loading, and
 * the requests that makes.
 *
 * With FIRST_RENDER_BASELINE_DIST=<a packages/app dist of an earlier
 * commit>, the same run also measures that build, page load by page load in
 * turn with the current one, over the same backend (lib/appFront.js).
 */
const fs = require('node:fs');
const path = require('node:path');
const { startPortal, launchSignedIn, APP_DIST } = require('../lib/portal');
const { startAppFront } = require('../lib/appFront');
const { WORK } = require('../lib/backends');
const { summarize } = require('../lib/stats');
const { freePort, sleep } = require('../lib/ports');

const ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'];
const ENTITY = 'first-render-svc';
const FILTER_ENVIRONMENT = 'prod';
const PLUGIN_SOURCE = /(^|\/)plugins\/gitops\/src\//;

const PAGES = services => [
  {
    name: 'entity GitOps tab',
    path: `/catalog/default/component/${ENTITY}/gitops`,
    // the environment matrix, and the applications table's pager with every application
    shown: { texts: ['Promotion order', `of ${services * ENVIRONMENTS.length}`] },
  },
  { name: 'fleet page', path: '/gitops', shown: { texts: ['Needs attention (', 'By agent'] } },
  {
    name: 'add-environment form',
    path: '/create/templates/default/gitops-add-environment',
    shown: { texts: ['New environment', 'Environments deployed after the change'] },
  },
];

/** Whether each chunk of a build holds modules of the plugin, by its source map. */
function pluginChunks(distDir) {
  const chunks = new Map();
  const dir = path.join(distDir, 'static');
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.js')) continue;
    const map = path.join(dir, `${name}.map`);
    const sources = fs.existsSync(map) ? JSON.parse(fs.readFileSync(map, 'utf8')).sources ?? [] : [];
    chunks.set(name, sources.some(source => PLUGIN_SOURCE.test(source)));
  }
  return chunks;
}

/** Records the page's requests through the DevTools protocol (sizes included). */
async function recordNetwork(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', event => {
    lastActivity = Date.now();
    requests.set(event.requestId, { url: event.request.url, method: event.request.method, type: event.type, at: Date.now(), ms: undefined, wire: 0, decoded: 0 });
  });
  cdp.on('Network.dataReceived', event => {
    const request = requests.get(event.requestId);
    if (request) request.decoded += event.dataLength;
  });
  cdp.on('Network.loadingFinished', event => {
    lastActivity = Date.now();
    const request = requests.get(event.requestId);
    if (request) {
      request.wire = event.encodedDataLength;
      request.ms = Date.now() - request.at;
    }
  });
  return {
    requests: () => [...requests.values()],
    /** Resolves once no request started or finished for `quietMs` (at most `maxMs`); answers when the last one ended. */
    quiet: async (quietMs = 1000, maxMs = 30_000) => {
      const until = Date.now() + maxMs;
      while (Date.now() - lastActivity < quietMs && Date.now() < until) await sleep(100);
      return lastActivity;
    },
  };
}

async function waitShown(page, texts) {
  const handle = await page.waitForFunction(
    ({ texts: wanted }) => {
      const text = document.body.textContent ?? '';
      return wanted.every(t => text.includes(t)) && !document.querySelector('[role="progressbar"]') ? performance.now() : false;
    },
    { texts },
    { polling: 'raf', timeout: 120_000 },
  ).catch(error => failWithPage(page, error));
  return handle.jsonValue();
}

/** Rethrows a wait's error with what the page shows (and a screenshot in bench/.work). */
async function failWithPage(page, error) {
  const shot = path.join(WORK, 'first-render-failure.png');
  await page.screenshot({ path: shot }).catch(() => {});
  const text = await page
    .evaluate(() => `progress bars: ${document.querySelectorAll('[role="progressbar"]').length}\n${document.body.innerText.replace(/\s+/g, ' ')}`)
    .catch(() => '');
  throw new Error(`${error.message}\npage ${page.url()} (screenshot ${shot}) shows:\n${text.slice(0, 1500)}`);
}

/** A gitops route with the entity and application named generically: `GET /api/gitops/entity/{entity}/applications/{app}/syncwindows`. */
function routeOf(request) {
  const pathname = new URL(request.url).pathname
    .replace(/\/entity\/[^/]+\/[^/]+\/[^/]+/, '/entity/{entity}')
    .replace(/\/applications\/[^/]+\/[^/]+/, '/applications/{app}');
  return `${request.method} ${pathname}`;
}

/** The /api requests: how many, /api/gitops apart by route (count and median ms), and the repeated ones (the same URL twice). */
function apiFigures(requests) {
  const api = requests.filter(r => new URL(r.url).pathname.startsWith('/api/'));
  const gitops = api.filter(r => new URL(r.url).pathname.startsWith('/api/gitops/'));
  const urls = new Map();
  for (const r of gitops) urls.set(`${r.method} ${r.url}`, (urls.get(`${r.method} ${r.url}`) ?? 0) + 1);
  const routes = new Map();
  for (const r of gitops) routes.set(routeOf(r), [...(routes.get(routeOf(r)) ?? []), r.ms ?? NaN]);
  return {
    api: api.length,
    gitops: gitops.length,
    routes: [...routes.entries()].map(([route, ms]) => `${route} x${ms.length} (${Math.round(summarize(ms).p50)} ms)`),
    repeated: [...urls.values()].reduce((sum, count) => sum + count - 1, 0),
  };
}

async function loadPage({ context, baseUrl, spec, chunks }) {
  const page = await context.newPage();
  try {
    const network = await recordNetwork(context, page);
    const navigatedAt = Date.now();
    await page.goto(`${baseUrl}${spec.path}`);
    const shownMs = await waitShown(page, spec.shown.texts);
    const shownAt = Date.now();
    const quietAt = await network.quiet();
    const requests = network.requests();
    const scripts = requests.filter(r => r.type === 'Script' && r.at <= shownAt);
    const split = { plugin: { chunks: 0, wire: 0, decoded: 0 }, rest: { chunks: 0, wire: 0, decoded: 0 } };
    for (const script of scripts) {
      const part = chunks.get(path.basename(new URL(script.url).pathname)) ? split.plugin : split.rest;
      part.chunks += 1;
      part.wire += script.wire;
      part.decoded += script.decoded;
    }
    return { shownMs, quietMs: quietAt - navigatedAt, js: split, calls: apiFigures(requests) };
  } finally {
    await page.close();
  }
}

/** Picks the environment in the fleet filters; resolves with the time until the filtered table shows. */
async function filterRoundTrip({ context, baseUrl, expected }) {
  const page = await context.newPage();
  try {
    const network = await recordNetwork(context, page);
    await page.goto(`${baseUrl}/gitops`);
    await waitShown(page, ['Needs attention (', 'By agent']);
    await network.quiet();
    const before = network.requests().length;
    await page.locator('#gitops-fleet-filter-environment').click();
    const option = page.getByRole('option', { name: FILTER_ENVIRONMENT, exact: true });
    await option.waitFor();
    await page.evaluate(() => {
      performance.clearResourceTimings();
      document.addEventListener('click', () => (window.__benchFilterAt = performance.now()), { capture: true, once: true });
    });
    await option.click();
    const handle = await page.waitForFunction(
      ({ title, env }) => {
        const text = document.body.textContent ?? '';
        if (new URLSearchParams(location.search).get('environment') !== env || !text.includes(title) || document.querySelector('[role="progressbar"]')) {
          return false;
        }
        // the API requests since the click, on the page's clock
        const clickAt = window.__benchFilterAt;
        const api = performance
          .getEntriesByType('resource')
          .filter(entry => entry.startTime >= clickAt && new URL(entry.name).pathname.startsWith('/api/'));
        return { clickAt, shownAt: performance.now(), api: api.map(entry => ({ start: entry.startTime, end: entry.responseEnd })) };
      },
      { title: `Needs attention (${expected})`, env: FILTER_ENVIRONMENT },
      { polling: 'raf', timeout: 120_000 },
    ).catch(error => failWithPage(page, error));
    const { clickAt, shownAt, api } = await handle.jsonValue();
    await network.quiet();
    const firstSent = Math.min(...api.map(r => r.start));
    const lastAnswered = Math.max(...api.map(r => r.end));
    return {
      roundTripMs: shownAt - clickAt,
      toFirstRequestMs: firstSent - clickAt,
      requestsMs: lastAnswered - firstSent,
      afterLastAnswerMs: shownAt - lastAnswered,
      calls: apiFigures(network.requests().slice(before)),
    };
  } finally {
    await page.close();
  }
}

/** "Needs attention (N)" of the fleet page filtered by the environment, loaded directly. */
async function expectedAttention(context, baseUrl) {
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/gitops?environment=${FILTER_ENVIRONMENT}`);
    await waitShown(page, ['Needs attention (', 'By agent']);
    const title = await page.getByText(/^Needs attention \(\d+\)$/).first().textContent();
    return Number(/\((\d+)\)/.exec(title)[1]);
  } finally {
    await page.close();
  }
}

const median = values => summarize(values).p50;
const kb = bytes => Math.round(bytes / 1024);

function summarizeLoads(loads) {
  const last = loads[loads.length - 1];
  return {
    'shown (ms)': summarize(loads.map(l => l.shownMs)),
    'last request ended (ms, 30 s at most)': summarize(loads.map(l => l.quietMs)),
    'plugin JS chunks': median(loads.map(l => l.js.plugin.chunks)),
    'plugin JS KiB (wire / decoded)': `${kb(median(loads.map(l => l.js.plugin.wire)))} / ${kb(median(loads.map(l => l.js.plugin.decoded)))}`,
    'other JS chunks': median(loads.map(l => l.js.rest.chunks)),
    'other JS KiB (wire / decoded)': `${kb(median(loads.map(l => l.js.rest.wire)))} / ${kb(median(loads.map(l => l.js.rest.decoded)))}`,
    '/api requests': median(loads.map(l => l.calls.api)),
    '/api/gitops requests': median(loads.map(l => l.calls.gitops)),
    '/api/gitops repeated': median(loads.map(l => l.calls.repeated)),
    '/api/gitops routes (last load: count, median ms)': last.calls.routes,
  };
}

async function run({ smoke, log }) {
  const services = smoke ? 20 : 200;
  const samples = smoke ? 1 : 5;
  const baselineDist = process.env.FIRST_RENDER_BASELINE_DIST;
  // a copy of the build: another build of packages/app during the run changes nothing here
  const currentDist = path.join(WORK, 'first-render-app');
  const variants = [...(baselineDist ? [{ name: 'baseline', dist: path.resolve(baselineDist) }] : []), { name: 'current', dist: currentDist }];

  const frontPort = await freePort();
  const front = await startAppFront({ port: frontPort });
  let portal;
  let browser;
  try {
    portal = await startPortal({ prefix: 'first-render', services, environments: ENVIRONMENTS, entity: ENTITY, publicPort: frontPort, log });
    fs.rmSync(currentDist, { recursive: true, force: true });
    fs.cpSync(APP_DIST, currentDist, { recursive: true });
    await front.attach(portal.backendUrl);
    front.use(currentDist);
    const signedIn = await launchSignedIn(portal.baseUrl);
    browser = signedIn.browser;
    const { context } = signedIn;
    for (const variant of variants) variant.chunks = pluginChunks(variant.dist);

    const pages = PAGES(services);
    // one unrecorded load of each page: the backend's caches warm
    for (const spec of pages) await loadPage({ context, baseUrl: portal.baseUrl, spec, chunks: variants[0].chunks });
    const expected = await expectedAttention(context, portal.baseUrl);
    log(`firstRender: ${expected} applications need attention in ${FILTER_ENVIRONMENT}`);

    const loads = new Map(variants.map(v => [v.name, Object.fromEntries(pages.map(p => [p.name, []]))]));
    const filters = new Map(variants.map(v => [v.name, []]));
    for (let i = 0; i < samples; i++) {
      for (const variant of variants) {
        front.use(variant.dist);
        for (const spec of pages) {
          loads.get(variant.name)[spec.name].push(await loadPage({ context, baseUrl: portal.baseUrl, spec, chunks: variant.chunks }));
        }
        filters.get(variant.name).push(await filterRoundTrip({ context, baseUrl: portal.baseUrl, expected }));
      }
      log(`firstRender: sample ${i + 1}/${samples}`);
    }

    const figures = {};
    for (const variant of variants) {
      for (const spec of pages) figures[`${variant.name}: ${spec.name}`] = summarizeLoads(loads.get(variant.name)[spec.name]);
      const trips = filters.get(variant.name);
      figures[`${variant.name}: fleet filter round trip`] = {
        'filtered table shown (ms)': summarize(trips.map(t => t.roundTripMs)),
        'click to first request (ms)': summarize(trips.map(t => t.toFirstRequestMs)),
        'first request to last answer (ms)': summarize(trips.map(t => t.requestsMs)),
        'last answer to table shown (ms)': summarize(trips.map(t => t.afterLastAnswerMs)),
        '/api requests': median(trips.map(t => t.calls.api)),
        '/api/gitops requests': median(trips.map(t => t.calls.gitops)),
        '/api/gitops repeated': median(trips.map(t => t.calls.repeated)),
        '/api/gitops routes (last: count, median ms)': trips[trips.length - 1].calls.routes,
      };
    }
    return {
      description: `built app (packages/app/dist${baselineDist ? `, and the baseline ${baselineDist}, in turn` : ''}); ${services} services x ${ENVIRONMENTS.length} environments on one agent at 50 ms +- 10 ms; browser cache off; ${samples} loads per page (medians), after one warm-up load; filter: environment ${FILTER_ENVIRONMENT} (${expected} need attention)`,
      figures,
    };
  } finally {
    await browser?.close();
    await portal?.stop();
    await front.close();
  }
}

module.exports = { run };
