import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Sandbox, startSandbox } from '@gitops-suite/sandbox-agent';

/** The repository root (test/e2e/src/support -> root). */
export const repoRoot = path.resolve(__dirname, '../../../..');

/** A running portal: sandbox agents, the real backend and the built app. */
export interface Portal {
  /** Where the app and the backend are served (the backend serves the app). */
  baseUrl: string;
  sandbox: Sandbox;
  /** The backend's output so far (for failure messages). */
  backendLog(): string;
  stop(): Promise<void>;
}

export interface StartPortalOptions {
  /** Scenario file relative to the repository root. */
  scenario?: string;
  /** Extra config merged over app-config.yaml (written as a config file). */
  config?: Record<string, unknown>;
  /** How long the backend may take to answer its readiness probe. */
  readyTimeoutMs?: number;
  /**
   * Runs the sandbox's git host (as `npm start` does): the scenario's
   * repositories move to it and `integrations.github` points at it, so the
   * promote-release template opens its pull requests there.
   */
  gitHost?: boolean;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The config overlay `npm start` writes for the sandbox (scripts/sandbox.js):
 * its agents, and the Harness accounts of those no entry lists; with the
 * git host, a GitHub integration for it and the projects allowing its
 * repositories; with the identity provider, Sandbox SSO and each agent's
 * `userIdentity`. One rule for both.
 */
function sandboxOverlay(sandbox: Sandbox): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const scripts = require(path.join(repoRoot, 'scripts/sandbox.js')) as {
    sandboxConfigYaml(agents: unknown, appConfigPath: string): string;
  };
  const agents = Object.assign([...sandbox.agents], {
    gitHost: sandbox.gitHost,
    idp: sandbox.idp,
    harnessAccounts: sandbox.harnessAccounts,
  });
  return scripts.sandboxConfigYaml(
    agents,
    path.join(repoRoot, 'app-config.yaml'),
  );
}

/**
 * Builds the app once (packages/app/dist) unless a build newer than every
 * source file of the app and the frontend plugin exists.
 */
export function buildApp(): void {
  const dist = path.join(repoRoot, 'packages/app/dist/index.html');
  const newest = (dir: string): number => {
    let max = 0;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) max = Math.max(max, newest(full));
      else max = Math.max(max, fs.statSync(full).mtimeMs);
    }
    return max;
  };
  const sources = Math.max(
    newest(path.join(repoRoot, 'packages/app/src')),
    newest(path.join(repoRoot, 'plugins/gitops/src')),
    newest(path.join(repoRoot, 'plugins/gitops-common/src')),
  );
  if (fs.existsSync(dist) && fs.statSync(dist).mtimeMs > sources) return;
  const run = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/backstage-cli'),
    ['package', 'build'],
    {
      cwd: path.join(repoRoot, 'packages/app'),
      encoding: 'utf8',
      // jest's NODE_ENV=test selects no browserslist query rspack can parse
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (run.status !== 0) {
    throw new Error(
      `building packages/app failed (exit ${run.status}):\n${(
        run.stderr || run.stdout
      ).slice(-4000)}`,
    );
  }
}

async function waitForReady(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(
        `the backend exited with code ${child.exitCode}:\n${log().slice(
          -4000,
        )}`,
      );
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(
        `the backend was not ready within ${timeoutMs} ms:\n${log().slice(
          -4000,
        )}`,
      );
    }
    await new Promise(r => setTimeout(r, 300));
  }
}

/**
 * Starts the portal the way a user runs it, on loopback ports of its own:
 * the sandbox agents of a scenario, then packages/backend (which serves the
 * built app through the app backend plugin) pointed at them.
 */
export async function startPortal(
  options: StartPortalOptions = {},
): Promise<Portal> {
  buildApp();
  const sandbox = await startSandbox({
    scenarioPath: path.join(
      repoRoot,
      options.scenario ?? 'examples/fleet.yaml',
    ),
    log: () => {},
    gitHost: options.gitHost,
  });
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const config = {
    app: { baseUrl },
    backend: {
      baseUrl,
      listen: { port },
      cors: { origin: baseUrl },
    },
    ...options.config,
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gitops-e2e-'));
  // YAML is a superset of JSON
  const sandboxConfig = path.join(dir, 'app-config.sandbox.yaml');
  fs.writeFileSync(sandboxConfig, sandboxOverlay(sandbox));
  const overlay = path.join(dir, 'app-config.e2e.yaml');
  fs.writeFileSync(overlay, JSON.stringify(config, null, 2));

  const backendDir = path.join(repoRoot, 'packages/backend');
  const output: string[] = [];
  const backend = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      '--require',
      require.resolve('@backstage/cli-node/config/nodeTransform.cjs', {
        paths: [repoRoot],
      }),
      'src/index.ts',
      '--config',
      path.join(repoRoot, 'app-config.yaml'),
      '--config',
      sandboxConfig,
      '--config',
      overlay,
    ],
    {
      cwd: backendDir,
      env: { ...process.env, NODE_ENV: 'development', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 2000) output.splice(0, output.length - 2000);
  };
  backend.stdout!.on('data', keep);
  backend.stderr!.on('data', keep);
  const backendLog = () => output.join('');

  const stop = async () => {
    if (backend.exitCode === null) {
      const exited = new Promise(r => backend.once('exit', r));
      backend.kill('SIGTERM');
      const timer = setTimeout(() => backend.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForReady(
      `${baseUrl}/.backstage/health/v1/readiness`,
      backend,
      backendLog,
      options.readyTimeoutMs ?? 180_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, sandbox, backendLog, stop };
}
