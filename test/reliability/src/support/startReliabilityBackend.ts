import http from 'node:http';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import gitopsPlugin from '@gitops-suite/plugin-gitops-backend';
import { sandboxAgentConfig } from '@gitops-suite/plugin-gitops-backend/testUtils';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import request from 'supertest';
import { Entity, fleetEntities, fleetScenario } from './fleetScenario';
import { Recorder, startRecordingProxy } from './recordingProxy';

type RootConfigData = NonNullable<
  NonNullable<Parameters<typeof mockServices.rootConfig.factory>[0]>['data']
>;

/** A permission question the test backend's permission service answers. */
export interface PermissionQuestion {
  permission: string;
  resourceRef?: string;
  credentials: BackstageCredentials;
}

export interface ReliabilityBackendOptions {
  /** Sandbox scenario (default: the reliability fleet). */
  scenario?: Record<string, unknown>;
  /** Per-agent timeout configured in the backend (default 2000 ms). */
  agentTimeoutMs?: number;
  /** `backend.database` config (default: SQLite in memory). */
  database?: Record<string, unknown>;
  /** `backend.cache` config (default: memory). */
  cache?: Record<string, unknown>;
  /** Extra `gitops` config merged over the defaults. */
  gitops?: Record<string, unknown>;
  /** Extra agent entries (e.g. one nobody listens on). */
  extraAgents?: Array<Record<string, unknown>>;
  entities?: Entity[];
  /** The permission policy (default: allow everything). */
  authorize?: (question: PermissionQuestion) => boolean;
}

/** A running gitops backend over real sandbox agents, behind a recording proxy. */
export interface ReliabilityBackend {
  sandbox: Sandbox;
  /** Every request that reached an agent went through here. */
  agentTap: Recorder & { retarget(url: string): void };
  server: http.Server;
  /** The agent entries of `gitops.agents` as configured. */
  agents: Array<Record<string, unknown> & { id: string; url: string }>;
  agentTimeoutMs: number;
  api(): ReturnType<typeof request>;
  /** Authorization header of a signed-in user (default user:default/mock). */
  userHeader(userEntityRef?: string): string;
  /**
   * Requests that reached an agent since `mark` (an index into
   * agentTap.seen) because of a caller: the fleet state's background feed
   * (marked with `x-gitops-feed`) is left out.
   */
  agentRequestsSince(mark: number): Recorder['seen'];
  stop(): Promise<void>;
}

/** The `gitops.agents` entry of a sandbox agent, reached through `baseUrl`. */
export function agentConfigEntries(
  sandbox: Sandbox,
  baseUrl: string,
  timeoutMs: number,
) {
  return sandbox.agents.map(agent =>
    sandboxAgentConfig(agent, {
      url: agent.url.replace(sandbox.baseUrl, baseUrl),
      timeoutMs,
    }),
  );
}

export const ENVIRONMENTS = [
  { name: 'dev', order: 1 },
  { name: 'qa', order: 2 },
  { name: 'prod', order: 3, production: true },
];

/**
 * Starts sandbox agents, a recording proxy in front of them and a test
 * backend with the real gitops plugin configured for them.
 */
export async function startReliabilityBackend(
  options: ReliabilityBackendOptions = {},
): Promise<ReliabilityBackend> {
  const agentTimeoutMs = options.agentTimeoutMs ?? 2000;
  const sandbox = await startSandbox({
    scenario: options.scenario ?? fleetScenario(),
    log: () => {},
  });
  const agentTap = await startRecordingProxy(sandbox.baseUrl);
  const agents: ReliabilityBackend['agents'] = [
    ...agentConfigEntries(sandbox, agentTap.url, agentTimeoutMs),
    ...((options.extraAgents ?? []) as ReliabilityBackend['agents']),
  ];
  const authorize = options.authorize ?? (() => true);
  const permissions = mockServices.permissions.mock({
    authorize: async (requests, opts) =>
      requests.map(r => ({
        // AuthorizeResult.ALLOW and DENY
        result: authorize({
          permission: r.permission.name,
          resourceRef: (r as { resourceRef?: string }).resourceRef,
          credentials: opts!.credentials,
        })
          ? 'ALLOW'
          : 'DENY',
      })) as any,
  });

  const backend = await startTestBackend({
    features: [
      gitopsPlugin,
      mockServices.rootConfig.factory({
        data: {
          backend: {
            database: options.database ?? {
              client: 'better-sqlite3',
              connection: ':memory:',
            },
            ...(options.cache && { cache: options.cache }),
          },
          gitops: {
            agents,
            environments: ENVIRONMENTS,
            poller: { frequencySeconds: 0 },
            ...options.gitops,
          },
        } as RootConfigData,
      }),
      catalogServiceMock.factory({
        entities: options.entities ?? fleetEntities,
      }),
      permissions.factory,
      // requests without an Authorization header are anonymous
      mockServices.httpAuth.factory({
        defaultCredentials: mockCredentials.none(),
      }),
    ],
  });

  return {
    sandbox,
    agentTap,
    server: backend.server,
    agents,
    agentTimeoutMs,
    api: () => request(backend.server),
    userHeader: ref => mockCredentials.user.header(ref),
    // the fleet state's own feed (watch streams, polls, resyncs) runs in
    // the background whatever the callers do: it is marked, and left out
    agentRequestsSince: mark =>
      agentTap.seen.slice(mark).filter(r => !r.headers['x-gitops-feed']),
    async stop() {
      await backend.stop();
      await agentTap.close();
      await sandbox.close();
    },
  };
}
