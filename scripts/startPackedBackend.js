/*
 * Starts a Backstage backend made of the packed tarballs, as an adopter's
 * would be: @backstage/backend-defaults from the registry (the version this
 * repository's lock pins), the gitops backend plugin and its catalog and
 * scaffolder modules from their tarballs, PostgreSQL for the database, and a
 * sandbox agent from the sandbox-agent tarball. It passes when the gitops
 * plugin answers its agents route with the sandbox agent connected.
 *
 * Used by scripts/check-packages.js after it installed the tarballs into
 * `appDir`; answers a list of problems (empty when it started).
 */
const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { freePort } = require('../bench/lib/ports');

const root = path.resolve(__dirname, '..');
const POSTGRES =
  process.env.GITOPS_TEST_POSTGRES_URL ??
  'postgresql://postgres@127.0.0.1:5432/postgres';

function lockVersion(name) {
  const lock = JSON.parse(
    fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'),
  );
  return lock.packages[`node_modules/${name}`]?.version;
}

async function waitFor(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise(r => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${last}` : ''}`);
}

async function startPackedBackend({ appDir, node, log, sandboxTarball }) {
  const problems = [];
  const defaults = lockVersion('@backstage/backend-defaults');
  const started = Date.now();
  const install = spawnSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      `@backstage/backend-defaults@${defaults}`,
      sandboxTarball,
    ],
    { cwd: appDir, encoding: 'utf8' },
  );
  log(
    `  npm install @backstage/backend-defaults@${defaults} and the sandbox agent: ${(
      (Date.now() - started) /
      1000
    ).toFixed(1)}s`,
  );
  if (install.status !== 0) {
    return [`npm install of backend-defaults failed: ${install.stderr}`];
  }

  const sandboxPort = await freePort();
  const backendPort = await freePort();
  const token = crypto.randomBytes(24).toString('base64url');
  const db = `gitops_adoption_${process.pid}`;
  fs.writeFileSync(
    path.join(appDir, 'start-sandbox.js'),
    `const { startSandbox } = require('@gitops-suite/sandbox-agent');
startSandbox({
  scenario: {
    seed: 'adoption',
    environments: [{ name: 'dev', cluster: 'in-cluster', namespace: '{service}-dev' }],
    services: [{ name: 'payments', repo: 'https://github.com/acme/payments-deploy.git', agents: ['argocd'] }],
    agents: [{ id: 'argocd', kind: 'argocd', token: 'adoption-argo-token', environments: ['dev'] }],
  },
  port: ${sandboxPort},
  log: () => {},
}).then(s => console.log('sandbox ' + s.agent('argocd').url));
`,
  );
  fs.writeFileSync(
    path.join(appDir, 'index.js'),
    `const { createBackend } = require('@backstage/backend-defaults');
const backend = createBackend();
backend.add(require('@gitops-suite/plugin-gitops-backend'));
backend.start();
`,
  );
  const children = [];
  const spawnChild = (file, env = {}, args = []) => {
    const child = spawn(node, [file, ...args], {
      cwd: appDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', d => (output += d));
    child.stderr.on('data', d => (output += d));
    children.push(child);
    return { child, output: () => output };
  };
  try {
    const sandbox = spawnChild('start-sandbox.js');
    const agentUrl = await waitFor(
      'the sandbox agent',
      async () => /sandbox (\S+)/.exec(sandbox.output())?.[1],
      30_000,
    );
    const config = {
      backend: {
        baseUrl: `http://127.0.0.1:${backendPort}`,
        listen: { port: backendPort, host: '127.0.0.1' },
        database: {
          client: 'pg',
          connection: POSTGRES,
          prefix: `${db}_`,
        },
        auth: {
          externalAccess: [
            {
              type: 'static',
              options: { token, subject: 'adoption-check' },
            },
          ],
        },
      },
      gitops: {
        agents: [
          {
            id: 'argocd',
            kind: 'argocd',
            url: agentUrl,
            credentials: { token: 'adoption-argo-token' },
          },
        ],
        environments: [{ name: 'dev' }],
      },
    };
    fs.writeFileSync(
      path.join(appDir, 'app-config.json'),
      JSON.stringify(config, null, 2),
    );
    // the config file given the way `backstage-cli package start` gives it
    const backend = spawnChild('index.js', {}, [
      '--config',
      path.join(appDir, 'app-config.json'),
    ]);
    const startedAt = Date.now();
    const agents = await waitFor(
      'the gitops backend from the tarballs to answer /api/gitops/agents',
      async () => {
        if (backend.child.exitCode !== null) {
          throw new Error(
            `the backend exited:\n${backend.output().slice(-3000)}`,
          );
        }
        const res = await fetch(
          `http://127.0.0.1:${backendPort}/api/gitops/agents`,
          { headers: { Authorization: `Bearer ${token}` } },
        );
        if (res.status !== 200) return undefined;
        const body = await res.json();
        const agent = body.items?.find(a => a.id === 'argocd');
        return agent?.status?.state === 'connected' ? body : undefined;
      },
      90_000,
    ).catch(error => {
      problems.push(`${error.message}\n${backend.output().slice(-2000)}`);
      return undefined;
    });
    if (agents) {
      log(
        `  the backend from the tarballs answered /api/gitops/agents in ${(
          (Date.now() - startedAt) /
          1000
        ).toFixed(1)}s: agent argocd ${agents.items[0].status.state}`,
      );
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise(r => setTimeout(r, 1000));
    // the plugin's database, made by the backend under our prefix
    spawnSync('psql', [
      POSTGRES,
      '-qc',
      `DROP DATABASE IF EXISTS "${db}_gitops" WITH (FORCE)`,
    ]);
  }
  return problems;
}

module.exports = { startPackedBackend };
