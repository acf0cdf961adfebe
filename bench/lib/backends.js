/*
 * Starts real Backstage backends (backend-defaults createBackend) as child
 * processes: the suite's (lib/suiteBackend.js) or a peer's
 * (peers/peerBackend.js), each with a generated config file, and calls
 * them with a static external-access token (backend.auth.externalAccess).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { ROOT, stopChild } = require('./sandbox');

const BENCH = path.resolve(__dirname, '..');
const WORK = path.join(BENCH, '.work');

/** The entity page under test: one service deployed to dev, qa and prod on every agent. */
const SERVICE = 'svc-0001';
const SELECTOR = `gitops/service=${SERVICE}`;
const ENTITY = { namespace: 'default', kind: 'component', name: 'bench-svc' };

function baseConfig(port, token) {
  return {
    backend: {
      baseUrl: `http://127.0.0.1:${port}`,
      listen: { port, host: '127.0.0.1' },
      database: { client: 'better-sqlite3', connection: ':memory:' },
      auth: {
        externalAccess: [{ type: 'static', options: { token, subject: 'bench' } }],
      },
    },
  };
}

function writeConfig(name, config) {
  fs.mkdirSync(WORK, { recursive: true });
  const file = path.join(WORK, `${name}.yaml`);
  // JSON is YAML: the config loader reads it as is.
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

async function waitReady(baseUrl, child, logFile, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`backend exited with ${child.exitCode} (see ${logFile})`);
    try {
      const res = await fetch(`${baseUrl}/.backstage/health/v1/readiness`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise(r => setTimeout(r, 250));
  }
  throw new Error(`backend at ${baseUrl} not ready within ${timeoutMs} ms (see ${logFile})`);
}

function spawnBackend({ name, script, cwd, config, nodeArgs = [], env = {} }) {
  const configFile = writeConfig(name, config);
  const logFile = path.join(WORK, `${name}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, script, '--config', configFile], {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', log, log],
  });
  return { child, logFile };
}

/** VmRSS of a process in MB (Linux /proc). */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
  return kb / 1024;
}

/**
 * The suite: catalog + gitops backend, agents as given, a catalog entity
 * annotated `gitops/service: svc-0001`; from TypeScript source through the
 * CLI transform, or `built` (plain node over the packages' builds).
 */
async function startSuiteBackend({ name = 'suite', port, agents, timeoutMs = 5000, built = false, gitops = {}, readyTimeoutMs }) {
  const token = crypto.randomBytes(24).toString('hex');
  const entitiesFile = path.join(WORK, `${name}-entities.yaml`);
  fs.mkdirSync(WORK, { recursive: true });
  fs.writeFileSync(
    entitiesFile,
    JSON.stringify({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Component',
      metadata: { name: ENTITY.name, annotations: { 'gitops/service': SERVICE } },
      spec: { type: 'service', lifecycle: 'production', owner: 'bench' },
    }),
  );
  const config = baseConfig(port, token);
  Object.assign(config, {
    catalog: { locations: [{ type: 'file', target: entitiesFile }] },
    permission: { enabled: false },
    gitops: {
      agents: agents.map(a => ({
        id: a.id,
        kind: a.kind ?? 'argocd',
        url: a.url,
        timeoutMs,
        credentials: { token: a.token },
        // a Harness agent's scope, from the sandbox's readiness line
        ...(a.kind === 'harness' && {
          harness: {
            accountIdentifier: a.accountIdentifier,
            ...(a.orgIdentifier && { orgIdentifier: a.orgIdentifier }),
            ...(a.projectIdentifier && { projectIdentifier: a.projectIdentifier }),
            agentIdentifier: a.agentIdentifier,
          },
        }),
      })),
      environments: [
        { name: 'dev', order: 1, matchers: [{ namespace: '*-dev' }] },
        { name: 'qa', order: 2, matchers: [{ namespace: '*-qa' }] },
        { name: 'prod', order: 3, production: true, matchers: [{ namespace: '*-prod' }] },
      ],
      ...gitops,
    },
  });
  const { child, logFile } = spawnBackend({
    name,
    script: path.join(__dirname, 'suiteBackend.js'),
    cwd: ROOT,
    config,
    ...(built
      ? { env: { GITOPS_BENCH_BUILT: '1' } }
      : { nodeArgs: ['-r', require.resolve('@backstage/cli/config/nodeTransform.cjs')] }),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const backend = makeHandle({ child, logFile, baseUrl, token });
  try {
    await waitReady(baseUrl, child, logFile, readyTimeoutMs);
    // The catalog ingests the entity file in its processing loop.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const res = await backend.get(`/api/catalog/entities/by-name/${ENTITY.kind}/${ENTITY.namespace}/${ENTITY.name}`);
      if (res.status === 200) break;
      if (Date.now() > deadline) throw new Error(`catalog never served ${ENTITY.name} (see ${logFile})`);
      await new Promise(r => setTimeout(r, 300));
    }
  } catch (error) {
    await backend.stop();
    throw error;
  }
  return backend;
}

/**
 * Waits until the suite's fleet state has loaded every agent (each agent's
 * freshness has a syncedAt and is not stale); resolves with the wait in ms.
 */
async function waitFresh(backend, timeoutMs = 600_000) {
  const start = Date.now();
  for (;;) {
    let res;
    try {
      res = await backend.get('/api/gitops/fleet/summary');
    } catch (error) {
      // a busy backend may drop a connection; a dead one says how it ended
      const exit = backend.exit();
      if (exit) throw new Error(`the backend ${exit} while loading the agents (see ${backend.logFile})`);
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise(r => setTimeout(r, 1000));
      continue;
    }
    const freshness = res.ok ? (await res.json()).freshness ?? [] : [];
    if (freshness.length && freshness.every(f => f.syncedAt && !f.stale)) {
      return Date.now() - start;
    }
    if (Date.now() - start > timeoutMs) throw new Error('the suite never loaded every agent');
    await new Promise(r => setTimeout(r, 100));
  }
}

/** A peer: `roadie` (@roadiehq/backstage-plugin-argo-cd-backend) or `community` (@backstage-community/plugin-argocd-backend). */
async function startPeerBackend({ peer, port, agents }) {
  const token = crypto.randomBytes(24).toString('hex');
  const config = baseConfig(port, token);
  Object.assign(config, {
    permission: { enabled: false },
    argocd: {
      appLocatorMethods: [
        {
          type: 'config',
          instances: agents.map(a => ({ name: a.id, url: a.url, token: a.token })),
        },
      ],
    },
  });
  const { child, logFile } = spawnBackend({
    name: `peer-${peer}`,
    script: path.join(BENCH, 'peers/peerBackend.js'),
    cwd: path.join(BENCH, 'peers'),
    config: { ...config, bench: { peer } },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const backend = makeHandle({ child, logFile, baseUrl, token });
  try {
    await waitReady(baseUrl, child, logFile);
  } catch (error) {
    await backend.stop();
    throw error;
  }
  return backend;
}

function makeHandle({ child, logFile, baseUrl, token }) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    pid: child.pid,
    baseUrl,
    token,
    logFile,
    get: (p, init = {}) => fetch(`${baseUrl}${p}`, { ...init, headers: { ...headers, ...init.headers } }),
    /** GET that must answer 2xx; returns parsed JSON. */
    async getJson(p) {
      const res = await fetch(`${baseUrl}${p}`, { headers });
      const text = await res.text();
      if (!res.ok) throw new Error(`GET ${p}: ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text);
    },
    rssMb: () => rssMb(child.pid),
    /** How the process ended (`exited with 1`, `was killed by SIGKILL`), undefined while it runs. */
    exit: () => {
      if (child.signalCode) return `was killed by ${child.signalCode}`;
      return child.exitCode === null ? undefined : `exited with ${child.exitCode}`;
    },
    stop: () => stopChild(child),
  };
}

module.exports = { waitFresh, startSuiteBackend, startPeerBackend, SERVICE, SELECTOR, ENTITY, WORK, BENCH, rssMb };
