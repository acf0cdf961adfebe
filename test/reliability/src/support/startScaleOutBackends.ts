import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import {
  AgentTap,
  closedPort,
  configEnvironments,
  sandboxAgentConfigs,
  startAgentTap,
} from '@gitops-suite/plugin-gitops-backend/testUtils';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import { fleetEntities, fleetScenario } from './fleetScenario';
import { dropDatabases } from './services';

/** One backend process of the scale-out pair. */
export interface Replica {
  name: string;
  url: string;
  process: ChildProcess;
  /** The last lines it wrote (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

export interface ScaleOutCluster {
  sandbox: Sandbox;
  /** Every request that reached an agent (callers' in seen, the feed's in feed). */
  agentTap: AgentTap;
  replicas: Replica[];
  /** Authorization header of the backends' static access token. */
  authorization: string;
  databasePrefix: string;
  cacheNamespace: string;
  stop(): Promise<void>;
}

export interface ScaleOutOptions {
  replicas: number;
  postgresUrl: string;
  redisUrl: string;
}

const TOKEN = 'reliability-scale-out-static-token-0001';
const ENTRY = path.resolve(__dirname, 'scaleOutBackend.ts');

type RedisClient = {
  connect(): Promise<unknown>;
  scanIterator(options: {
    MATCH: string;
    COUNT: number;
  }): AsyncIterable<string>;
  del(keys: string[]): Promise<number>;
  quit(): Promise<unknown>;
};
/** The Redis client Backstage's cache store (@keyv/redis) itself uses. */
const keyvRequire = createRequire(
  createRequire(require.resolve('@backstage/backend-defaults')).resolve(
    '@keyv/redis',
  ),
);
const { createClient } = keyvRequire('@redis/client') as {
  createClient: (options: { url: string }) => RedisClient;
};

/** The keys the replicas' cache holds in Redis under `namespace`. */
export async function cacheKeys(
  redisUrl: string,
  namespace: string,
): Promise<string[]> {
  const client = createClient({ url: redisUrl });
  await client.connect();
  try {
    const keys: string[] = [];
    for await (const key of client.scanIterator({
      MATCH: `${namespace}:*`,
      COUNT: 500,
    })) {
      keys.push(key);
    }
    return keys;
  } finally {
    await client.quit();
  }
}

async function deleteCacheKeys(redisUrl: string, namespace: string) {
  const keys = await cacheKeys(redisUrl, namespace);
  if (!keys.length) return;
  const client = createClient({ url: redisUrl });
  await client.connect();
  try {
    await client.del(keys);
  } finally {
    await client.quit();
  }
}

async function waitForHealth(replica: Replica, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (replica.process.exitCode !== null) {
      throw new Error(`${replica.name} exited: ${replica.output()}`);
    }
    try {
      const res = await fetch(`${replica.url}/api/gitops/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise(r => setTimeout(r, 250));
  }
  throw new Error(
    `${replica.name} did not become healthy: ${replica.output()}`,
  );
}

function startReplica(name: string, configFile: string, port: number): Replica {
  const child = spawn(
    process.execPath,
    [
      '-r',
      '@backstage/cli/config/nodeTransform.cjs',
      ENTRY,
      '--config',
      configFile,
    ],
    {
      cwd: path.resolve(__dirname, '../..'),
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        GITOPS_RELIABILITY_ENTITIES: JSON.stringify(fleetEntities),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n'));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>(resolve =>
    child.once('exit', () => resolve()),
  );
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => lines.join('\n'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Starts sandbox agents behind a recording proxy and `replicas` backend
 * processes that share one fresh PostgreSQL database (per-run prefix on the
 * shared server, dropped by stop()) and one Redis (per-run namespace).
 */
export async function startScaleOutBackends(
  options: ScaleOutOptions,
): Promise<ScaleOutCluster> {
  const run = `${Date.now().toString(36)}${Math.floor(
    Math.random() * 1e6,
  ).toString(36)}`;
  const databasePrefix = `gitops_rel_${run}_`;
  const cacheNamespace = `gitops-rel-${run}`;
  const sandbox = await startSandbox({
    scenario: fleetScenario(),
    log: () => {},
  });
  const agentTap = await startAgentTap(sandbox.baseUrl);
  const dir = fs.mkdtempSync(
    path.join(os.tmpdir(), 'gitops-reliability-scale-'),
  );
  const replicas: Replica[] = [];
  const stop = async () => {
    await Promise.all(replicas.map(r => r.stop()));
    await agentTap.close();
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await dropDatabases(options.postgresUrl, databasePrefix);
    await deleteCacheKeys(options.redisUrl, cacheNamespace);
  };
  try {
    for (let i = 0; i < options.replicas; i++) {
      const port = await closedPort();
      const config = {
        backend: {
          baseUrl: `http://127.0.0.1:${port}`,
          listen: { host: '127.0.0.1', port },
          database: {
            client: 'pg',
            connection: options.postgresUrl,
            prefix: databasePrefix,
          },
          cache: {
            store: 'redis',
            connection: options.redisUrl,
            redis: { client: { namespace: cacheNamespace } },
          },
          auth: {
            externalAccess: [
              {
                type: 'static',
                options: { token: TOKEN, subject: 'reliability-test' },
              },
            ],
          },
        },
        gitops: {
          agents: sandboxAgentConfigs(sandbox, {
            baseUrl: agentTap.url,
            timeoutMs: 3000,
          }),
          environments: configEnvironments,
        },
      };
      const file = path.join(dir, `replica-${i}.json`);
      fs.writeFileSync(file, JSON.stringify(config));
      const replica = startReplica(
        `replica ${String.fromCharCode(65 + i)}`,
        file,
        port,
      );
      replicas.push(replica);
      // One at a time: on a fresh database, Backstage's own scheduler
      // migrations (backstage_backend_tasks__knex_migrations) race when two
      // processes create them at once; a rolling start is how replicas
      // deploy anyway.
      await waitForHealth(replica, 120_000);
    }
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return {
    sandbox,
    agentTap,
    replicas,
    authorization: `Bearer ${TOKEN}`,
    databasePrefix,
    cacheNamespace,
    stop,
  };
}
