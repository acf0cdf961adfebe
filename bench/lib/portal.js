/*
 * The real portal for the frontend benchmarks: a sandbox agent generating
 * `services` x `environments` applications, packages/backend (run as users
 * run it, from source with the Backstage CLI's node transform) serving the
 * built packages/app, one catalog entity selecting the applications by
 * `gitops/service`, and headless Chromium (playwright-core, Debian's
 * /usr/bin/chromium) signed in as the guest.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { startSandboxProcess, stopChild, ROOT } = require('./sandbox');
const { WORK } = require('./backends');
const { freePort, sleep } = require('./ports');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const APP_DIST = path.join(ROOT, 'packages/app/dist');

/** Builds packages/app (production bundle) when its dist is missing. */
function ensureAppBuilt(log, prefix) {
  if (fs.existsSync(path.join(APP_DIST, 'index.html'))) return;
  log(`${prefix}: packages/app/dist missing: building the app (backstage-cli package build)`);
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

/** A guest user token (auth.providers.guest, development mode) to read the catalog. */
async function guestToken(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/guest/refresh`, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
  if (!res.ok) throw new Error(`guest refresh: ${res.status}`);
  return (await res.json()).backstageIdentity.token;
}

/**
 * Starts the sandbox and the portal. `prefix` names the files in
 * bench/.work; `publicPort` (optional) is the port the browser uses, when a
 * front server (lib/appFront.js) stands between it and the backend.
 * @returns {Promise<{ baseUrl: string, backendUrl: string, agent: object, stop: () => Promise<void> }>}
 */
async function startPortal({ prefix, services, environments, entity, publicPort, log }) {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  ensureAppBuilt(log, prefix);
  fs.mkdirSync(WORK, { recursive: true });
  const scenario = path.join(WORK, `${prefix}-scenario.yaml`);
  fs.writeFileSync(
    scenario,
    JSON.stringify({
      name: `bench-${prefix}`,
      generate: { agents: 1, appsPerAgent: services * environments.length, environments, latencyMs: 50, jitterMs: 10 },
    }),
  );
  const sandbox = await startSandboxProcess({ scenario, agents: 1, port: await freePort(), logFile: path.join(WORK, `${prefix}-sandbox.log`) });
  let child;
  let baseUrl;
  let backendUrl;
  try {
    const entities = path.join(WORK, `${prefix}-entities.yaml`);
    fs.writeFileSync(
      entities,
      JSON.stringify({
        apiVersion: 'backstage.io/v1alpha1',
        kind: 'Component',
        metadata: { name: entity, annotations: { 'gitops/app-selector': 'gitops/service' } },
        spec: { type: 'service', lifecycle: 'production', owner: 'bench' },
      }),
    );
    const port = await freePort();
    backendUrl = `http://localhost:${port}`;
    baseUrl = publicPort ? `http://localhost:${publicPort}` : backendUrl;
    const agent = sandbox.agents[0];
    const overlay = path.join(WORK, `${prefix}-app-config.yaml`);
    fs.writeFileSync(
      overlay,
      JSON.stringify({
        app: { baseUrl },
        backend: { baseUrl, listen: { port }, cors: { origin: baseUrl } },
        catalog: { locations: [{ type: 'file', target: entities }] },
        gitops: {
          agents: [{ id: agent.id, kind: 'argocd', url: agent.url, credentials: { token: agent.token } }],
          environments: environments.map((name, i) => ({ name, order: i + 1, production: name === 'prod', matchers: [{ namespace: `*-${name}` }] })),
        },
      }),
    );
    const logFile = path.join(WORK, `${prefix}-backend.log`);
    const out = fs.openSync(logFile, 'w');
    child = spawn(
      process.execPath,
      ['-r', require.resolve('@backstage/cli/config/nodeTransform.cjs'), 'src/index.ts', '--config', path.join(ROOT, 'app-config.yaml'), '--config', overlay],
      { cwd: path.join(ROOT, 'packages/backend'), env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' }, stdio: ['ignore', out, out] },
    );
    await waitReady(`${backendUrl}/.backstage/health/v1/readiness`, child, logFile);
    log(`${prefix}: portal up; waiting for the catalog to hold the entity`);
    for (let i = 0; ; i++) {
      const res = await fetch(`${backendUrl}/api/catalog/entities/by-name/component/default/${entity}`, {
        headers: { authorization: `Bearer ${await guestToken(backendUrl)}` },
      }).catch(() => undefined);
      if (res?.status === 200) break;
      if (i > 400) throw new Error(`the catalog never served ${entity} (see ${logFile})`);
      await sleep(300);
    }
  } catch (error) {
    if (child) await stopChild(child);
    await sandbox.stop();
    throw error;
  }
  return {
    baseUrl,
    backendUrl,
    agent: sandbox.agents[0],
    stop: async () => {
      await stopChild(child);
      await sandbox.stop();
    },
  };
}

/** Headless Chromium with one browser context signed in as the guest. */
async function launchSignedIn(baseUrl) {
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const signIn = await context.newPage();
    await signIn.goto(`${baseUrl}/`);
    const enter = signIn.getByRole('button', { name: /^enter$/i });
    await enter.or(signIn.locator('nav').first()).first().waitFor({ state: 'attached', timeout: 120_000 });
    if (await enter.isVisible()) await enter.click();
    await signIn.locator('nav').first().waitFor({ state: 'attached', timeout: 60_000 });
    await signIn.close();
    return { browser, context };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

module.exports = { startPortal, launchSignedIn, guestToken, APP_DIST, CHROMIUM };
