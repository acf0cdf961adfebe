import type { PolicyDecision } from '@backstage/plugin-permission-common';
import http from 'node:http';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import type {
  BackendFeature,
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import type { Entity } from '@backstage/catalog-model';
import type { JsonObject } from '@backstage/types';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import request from 'supertest';
import { gitopsPlugin } from '../plugin';
import { sandboxAgentConfigs } from './sandboxAgentConfig';
import { AgentTap, startAgentTap, TappedRequest } from './startAgentTap';

function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'GET', path, headers },
      res => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * A permission question the harness's permission service answers.
 * @public
 */
export interface PermissionQuestion {
  permission: string;
  resourceRef?: string;
  credentials: BackstageCredentials;
}

/**
 * A started {@link startGitOpsTestBackend}.
 * @public
 */
export interface GitOpsTestBackend {
  sandbox: Sandbox;
  /** The backend's port (for a client of its own, with real discovery). */
  port: number;
  /** supertest against the backend; `/api/gitops/...` paths. */
  api(): ReturnType<typeof request>;
  /** An Authorization header of the default mock user. */
  auth: string;
  /**
   * Permissions denied right now, by name or as `<name> <resource ref>` for
   * one resource (clear it after each test).
   */
  denied: Set<string>;
  /** Every request the agents received for a caller, in order (`tap.seen`). */
  agentRequests: TappedRequest[];
  /**
   * The recording tap in front of the agents: also the fleet state's own
   * feed (`tap.feed`), and `retarget`.
   */
  tap: AgentTap;
  /** The per-agent timeout the backend is configured with. */
  agentTimeoutMs: number;
  /**
   * The backend's permission service (it answers as `denied` or
   * `authorize` say), for other plugins' code in the same test, such as
   * scaffolder actions checking the user who started a task.
   */
  permissions: PermissionsService;
  /**
   * A GET sent byte for byte, answering its status (supertest and fetch
   * normalize `..`, `\\` and the like before sending, which would hide what
   * the router sees).
   */
  rawGet(path: string, headers?: Record<string, string>): Promise<number>;
  /** Calls a sandbox agent's own API with its token, bypassing the backend. */
  agentFetch(
    agentId: string,
    path: string,
    init?: RequestInit,
  ): Promise<Response>;
  /**
   * An application as a sandbox agent itself holds it (Argo CD's
   * `v1alpha1.Application`), read through the agent's own API, bypassing the
   * backend: Argo CD's `GET /api/v1/applications/{name}`, or Harness's
   * gateway (its `app`) for a Harness agent. Throws, naming the status,
   * when the agent does not answer 200.
   */
  agentApplication(agentId: string, name: string): Promise<any>;
  stop(): Promise<void>;
}

/**
 * The one test harness of the suite: the real gitops plugin in a test
 * backend, over real HTTP to the agents of a real sandbox (through a
 * recording tap, so a test can tell whether a request reached an agent at
 * all), SQLite in memory, a mock catalog holding `entities` (or the real one). The permission
 * service allows all but what `denied` names; a request without a token is
 * anonymous (401).
 * @public
 */
export async function startGitOpsTestBackend(options: {
  scenario: Record<string, unknown>;
  /**
   * The entities of a mock catalog; leave it out when `features` bring the
   * real catalog plugin.
   */
  entities?: Entity[];
  environments: Array<{
    name: string;
    order: number;
    title?: string;
    production?: boolean;
  }>;
  /** More `gitops` config. */
  gitops?: JsonObject;
  /** More fields of each sandbox agent's config entry (its region, say). */
  agentConfig?: (agent: Sandbox['agents'][number]) => JsonObject;
  /** Agent config entries beside the sandbox's (an agent that is not there). */
  agents?: JsonObject[];
  /**
   * Configures the sandbox's Harness accounts (`gitops.harness.accounts`,
   * the gateway through the tap, the account's API key), each entry with
   * the more fields this gives.
   */
  harnessAccounts?: (account: Sandbox['harnessAccounts'][number]) => JsonObject;
  /** More root config: `backend` is merged into the test database's, other keys go beside `gitops`. */
  config?: JsonObject;
  /** More features or service factories (a scheduler, another plugin). */
  features?: BackendFeature[];
  /**
   * A permission policy in place of `denied`: whether to allow a question
   * (a permission, maybe a resource, asked for some credentials).
   */
  authorize?: (question: PermissionQuestion) => boolean;
  /**
   * A conditional policy: the decision for a conditional question (a
   * permission without a resource, such as `gitops.deploytarget.write`),
   * or undefined to answer it as `authorize` (or `denied`) does.
   */
  conditional?: (question: PermissionQuestion) => PolicyDecision | undefined;
  /** The per-agent timeout (default 3000 ms). */
  agentTimeoutMs?: number;
  /**
   * Runs the sandbox's git host (the scenario's github.com repositories move
   * there) and configures it as a GitHub integration, as `npm start` does.
   */
  gitHost?: boolean;
}): Promise<GitOpsTestBackend> {
  const sandbox = await startSandbox({
    scenario: options.scenario,
    log: () => {},
    ...(options.gitHost ? { gitHost: true } : {}),
  });
  const tap = await startAgentTap(sandbox.baseUrl);
  const denied = new Set<string>();
  try {
    const allowed =
      options.authorize ??
      (({ permission, resourceRef }: PermissionQuestion) =>
        !denied.has(permission) && !denied.has(`${permission} ${resourceRef}`));
    const decide = (
      requests: Array<{ permission: { name: string }; resourceRef?: string }>,
      credentials: BackstageCredentials,
    ) =>
      requests.map(r => ({
        result: allowed({
          permission: r.permission.name,
          resourceRef: r.resourceRef,
          credentials,
        })
          ? 'ALLOW'
          : 'DENY',
      })) as any;
    // definitive decisions for resource checks and for the conditional
    // checks of other plugins (the catalog's list filters)
    const permissions = mockServices.permissions.mock({
      authorize: async (requests, opts) =>
        decide(requests as any, opts!.credentials),
      authorizeConditional: async (requests, opts) => {
        const answered = decide(requests as any, opts!.credentials);
        return requests.map(
          (r, i) =>
            options.conditional?.({
              permission: r.permission.name,
              credentials: opts!.credentials,
            }) ?? answered[i],
        ) as any;
      },
    });
    const agentTimeoutMs = options.agentTimeoutMs ?? 3000;
    // through the tap, with a shorter timeout than the default
    const agents: JsonObject[] = sandboxAgentConfigs(sandbox, {
      baseUrl: tap.url,
      timeoutMs: agentTimeoutMs,
      extra: options.agentConfig,
    });
    agents.push(...(options.agents ?? []));
    const { backend: backendConfig, ...config } = options.config ?? {};
    const backend = await startTestBackend({
      features: [
        gitopsPlugin,
        mockServices.rootConfig.factory({
          data: {
            backend: {
              database: { client: 'better-sqlite3', connection: ':memory:' },
              ...(backendConfig as JsonObject | undefined),
            },
            gitops: {
              agents,
              environments: options.environments,
              ...(options.harnessAccounts && {
                harness: {
                  accounts: sandbox.harnessAccounts.map(account => ({
                    url: account.url.replace(sandbox.baseUrl, tap.url),
                    accountIdentifier: account.accountIdentifier,
                    apiKey: account.token,
                    timeoutMs: agentTimeoutMs,
                    ...options.harnessAccounts!(account),
                  })),
                },
              }),
              ...options.gitops,
            },
            ...(sandbox.gitHost
              ? {
                  integrations: {
                    github: [
                      {
                        host: sandbox.gitHost.host,
                        apiBaseUrl: sandbox.gitHost.apiBaseUrl,
                        token: sandbox.gitHost.token,
                      },
                    ],
                  },
                }
              : {}),
            ...config,
          },
        }),
        ...(options.entities
          ? [catalogServiceMock.factory({ entities: options.entities })]
          : []),
        permissions.factory,
        mockServices.httpAuth.factory({
          defaultCredentials: mockCredentials.none(),
        }),
        ...(options.features ?? []),
      ],
    });
    const agentFetch = (agentId: string, path: string, init?: RequestInit) => {
      const agent = sandbox.agent(agentId);
      return fetch(`${agent.url}${path}`, {
        ...init,
        headers: {
          Authorization: `Bearer ${agent.token}`,
          ...(init?.body !== undefined && {
            'Content-Type': 'application/json',
          }),
          ...(init?.headers as Record<string, string> | undefined),
        },
      });
    };
    return {
      sandbox,
      port: backend.server.port(),
      api: () => request(backend.server),
      auth: mockCredentials.user.header(),
      denied,
      agentRequests: tap.seen,
      tap,
      agentTimeoutMs,
      permissions,
      rawGet: (path, headers = {}) =>
        rawGet(backend.server.port(), path, headers),
      agentFetch,
      async agentApplication(agentId, name) {
        const agent = sandbox.agent(agentId);
        if (!agent.accountIdentifier) {
          const res = await agentFetch(
            agentId,
            `/api/v1/applications/${encodeURIComponent(name)}`,
          );
          if (!res.ok)
            throw new Error(`${agentId} answered ${res.status} for ${name}`);
          return res.json();
        }
        const query = new URLSearchParams({
          accountIdentifier: agent.accountIdentifier,
          routingId: agent.accountIdentifier,
          orgIdentifier: agent.orgIdentifier ?? '',
          projectIdentifier: agent.projectIdentifier ?? '',
        });
        const res = await fetch(
          `${agent.url}/gitops/api/v1/agents/${
            agent.agentIdentifier
          }/applications/${encodeURIComponent(name)}?${query}`,
          { headers: { 'x-api-key': agent.token! } },
        );
        if (!res.ok)
          throw new Error(`${agentId} answered ${res.status} for ${name}`);
        return (await res.json()).app;
      },
      async stop() {
        await backend.stop();
        await tap.close();
        await sandbox.close();
      },
    };
  } catch (error) {
    await tap.close();
    await sandbox.close();
    throw error;
  }
}
