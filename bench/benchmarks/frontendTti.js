/*
 * Frontend time to interactive: the entity GitOps tab of the real portal
 * (packages/backend serving the built packages/app) for an entity with 200
 * services x 4 environments (800 applications on one sandbox agent), in
 * headless Chromium (playwright-core, Debian's /usr/bin/chromium).
 *
 * Per sample, a full page load of /catalog/default/component/<name>/gitops
 * after guest sign-in; measured in the page (performance.now(), from
 * navigation start):
 * - content: the environment matrix and the applications table show their
 *   full counts in their pagers (200 services, 800 applications) and no
 *   progress bar remains;
 * - interactive: the first idle callback after that (main thread free).
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { startSandboxProcess, stopChild, ROOT } = require('../lib/sandbox');
const { WORK } = require('../lib/backends');
const { summarize } = require('../lib/stats');
const { freePort, sleep } = require('../lib/ports');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SERVICES = 200;
const ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'];
const ENTITY = 'tti-svc';

function ensureAppBuilt(log) {
  const index = path.join(ROOT, 'packages/app/dist/index.html');
  if (fs.existsSync(index)) return;
  log('tti: packages/app/dist missing: building the app (backstage-cli package build)');
  const build = spawnSync(path.join(ROOT, 'node_modules/.bin/backstage-cli'), ['package', 'build'], {
    cwd: path.join(ROOT, 'packages/app'),
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`building packages/app failed: ${(build.stderr || build.stdout).slice(-2000)}`);
}

async function waitReady(url, child, logFile) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`backend exited with ${child.exitCode} (see ${logFile})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await sleep(300);
  }
  throw new Error(`backend not ready (see ${logFile})`);
}

async function run({ smoke, log }) {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  ensureAppBuilt(log);
  const { chromium } = require('playwright-core');

  fs.mkdirSync(WORK, { recursive: true });
  const scenario = path.join(WORK, 'tti-scenario.yaml');
  fs.writeFileSync(
    scenario,
    JSON.stringify({
      name: 'bench-tti',
      generate: { agents: 1, appsPerAgent: SERVICES * ENVIRONMENTS.length, environments: ENVIRONMENTS, latencyMs: 50, jitterMs: 10 },
    }),
  );
  const sandbox = await startSandboxProcess({ scenario, agents: 1, port: await freePort(), logFile: path.join(WORK, 'tti-sandbox.log') });
  let backend;
  let browser;
  try {
    const entities = path.join(WORK, 'tti-entities.yaml');
    fs.writeFileSync(
      entities,
      JSON.stringify({
        apiVersion: 'backstage.io/v1alpha1',
        kind: 'Component',
        metadata: { name: ENTITY, annotations: { 'gitops/app-selector': 'gitops/service' } },
        spec: { type: 'service', lifecycle: 'production', owner: 'bench' },
      }),
    );
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const agent = sandbox.agents[0];
    const overlay = path.join(WORK, 'tti-app-config.yaml');
    fs.writeFileSync(
      overlay,
      JSON.stringify({
        app: { baseUrl },
        backend: { baseUrl, listen: { port }, cors: { origin: baseUrl } },
        catalog: { locations: [{ type: 'file', target: entities }] },
        gitops: {
          agents: [{ id: agent.id, kind: 'argocd', url: agent.url, credentials: { token: agent.token } }],
          environments: ENVIRONMENTS.map((name, i) => ({ name, order: i + 1, production: name === 'prod', matchers: [{ namespace: `*-${name}` }] })),
        },
      }),
    );
    const logFile = path.join(WORK, 'tti-backend.log');
    const out = fs.openSync(logFile, 'w');
    const child = spawn(
      process.execPath,
      ['-r', require.resolve('@backstage/cli/config/nodeTransform.cjs'), 'src/index.ts', '--config', path.join(ROOT, 'app-config.yaml'), '--config', overlay],
      { cwd: path.join(ROOT, 'packages/backend'), env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' }, stdio: ['ignore', out, out] },
    );
    backend = child;
    await waitReady(`${baseUrl}/.backstage/health/v1/readiness`, child, logFile);
    log('tti: portal up; waiting for the catalog to hold the entity');
    for (let i = 0; ; i++) {
      const res = await fetch(`${baseUrl}/api/catalog/entities/by-name/component/default/${ENTITY}`, {
        headers: { authorization: `Bearer ${await guestToken(baseUrl)}` },
      }).catch(() => undefined);
      if (res?.status === 200) break;
      if (i > 400) throw new Error(`the catalog never served ${ENTITY} (see ${logFile})`);
      await sleep(300);
    }

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const signIn = await context.newPage();
    await signIn.goto(`${baseUrl}/`);
    const enter = signIn.getByRole('button', { name: /^enter$/i });
    await enter.or(signIn.locator('nav').first()).first().waitFor({ state: 'attached', timeout: 120_000 });
    if (await enter.isVisible()) await enter.click();
    await signIn.locator('nav').first().waitFor({ state: 'attached', timeout: 60_000 });
    await signIn.close();

    const samples = smoke ? 1 : 8;
    const figures = { contentFirstLoad: [], interactiveFirstLoad: [], content: [], interactive: [] };
    for (let i = 0; i < samples + 1; i++) {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/catalog/default/component/${ENTITY}/gitops`);
      // both pagers (the environment matrix pages services, the table pages
      // applications) show the full counts, and nothing is loading
      const content = await page.waitForFunction(
        ({ services, apps }) => {
          const text = document.body.textContent;
          return text.includes(`of ${services}`) && text.includes(`of ${apps}`) && !document.querySelector('[role="progressbar"]')
            ? performance.now()
            : false;
        },
        { services: SERVICES, apps: SERVICES * ENVIRONMENTS.length },
        { polling: 'raf', timeout: 120_000 },
      ).catch(async error => {
        const shot = path.join(WORK, 'tti-failure.png');
        await page.screenshot({ path: shot, fullPage: false }).catch(() => {});
        const text = await page
          .evaluate(() => `progress bars: ${document.querySelectorAll('[role="progressbar"]').length}\n${document.body.innerText.replace(/\s+/g, ' ')}`)
          .catch(() => '');
        throw new Error(`${error.message}\npage ${page.url()} (screenshot ${shot}) shows:\n${text.slice(0, 1500)}`);
      });
      const contentMs = await content.jsonValue();
      const interactiveMs = await page.evaluate(
        () => new Promise(resolve => requestIdleCallback(() => resolve(performance.now()), { timeout: 30_000 })),
      );
      if (i === 0) {
        figures.contentFirstLoad.push(contentMs);
        figures.interactiveFirstLoad.push(interactiveMs);
      } else {
        figures.content.push(contentMs);
        figures.interactive.push(interactiveMs);
      }
      await page.close();
    }
    return {
      description: `${SERVICES} services x ${ENVIRONMENTS.length} environments = ${SERVICES * ENVIRONMENTS.length} applications, one agent at 50 ms +- 10 ms; first load (backend cache cold) and ${samples} reloads`,
      figures: {
        'content shown, first load': summarize(figures.contentFirstLoad),
        'interactive, first load': summarize(figures.interactiveFirstLoad),
        'content shown, reload': summarize(figures.content),
        'time to interactive, reload': summarize(figures.interactive),
      },
    };
  } finally {
    await browser?.close();
    if (backend) await stopChild(backend);
    await sandbox.stop();
  }
}

/** A guest user token (auth.providers.guest, development mode) to read the catalog. */
async function guestToken(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/guest/refresh`, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
  if (!res.ok) throw new Error(`guest refresh: ${res.status}`);
  return (await res.json()).backstageIdentity.token;
}

module.exports = { run };
