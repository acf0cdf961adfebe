import { mockServices } from '@backstage/backend-test-utils';
import { HostDiscovery } from '@backstage/backend-defaults/discovery';
import { ConfigReader } from '@backstage/config';
import { Entity } from '@backstage/catalog-model';
import type { JsonObject } from '@backstage/types';
// The suite's test harness, for tests only (a devDependency).
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import {
  componentEntity,
  GitOpsTestBackend as SharedTestBackend,
  startGitOpsTestBackend as startSharedTestBackend,
} from '@gitops-suite/plugin-gitops-backend/testUtils';

// eslint-disable-next-line @backstage/no-mixed-plugin-imports
export { useGitOpsTestBackend } from '@gitops-suite/plugin-gitops-backend/testUtils';
import { GitOpsBackendClient } from '../actions/gitopsApi/GitOpsBackendClient';

/** A catalog Component annotated for the gitops backend (`gitops/service`). */
export function gitopsEntity(name: string, service = name): Entity {
  return componentEntity(name, { 'gitops/service': service });
}

/** The suite's test backend, with a client like the module's own. */
export interface GitOpsTestBackend extends SharedTestBackend {
  /** A client like the module's own: real discovery, mock-issued tokens. */
  client: GitOpsBackendClient;
}

/**
 * The suite's one harness (`@gitops-suite/plugin-gitops-backend/testUtils`):
 * the real gitops backend plugin over the agents of a real sandbox; the
 * actions' requests go over real HTTP to it, with a client made the way the
 * module makes its own.
 */
export async function startGitOpsTestBackend(
  options: Omit<
    Parameters<typeof startSharedTestBackend>[0],
    'environments' | 'gitops'
  > & {
    /** A mock catalog of these; left out when `features` bring a catalog. */
    entities?: Entity[];
    /** dev, then prod (production) unless this says otherwise. */
    environments?: Array<{ name: string; order: number; production?: boolean }>;
    /** More `gitops` config (by default, project shop is team-a's). */
    gitops?: JsonObject;
  },
): Promise<GitOpsTestBackend> {
  const backend = await startSharedTestBackend({
    environments: [
      { name: 'dev', order: 1 },
      { name: 'prod', order: 2, production: true },
    ],
    // the shop project is team-a's (the owner of the test components)
    gitops: {
      projects: [{ name: 'shop', owners: ['group:default/team-a'] }],
    },
    ...options,
  });
  const { port } = backend;
  const discovery = HostDiscovery.fromConfig(
    new ConfigReader({
      backend: { baseUrl: `http://localhost:${port}`, listen: { port } },
    }),
  );
  const client = new GitOpsBackendClient({
    discovery,
    auth: mockServices.auth({ pluginId: 'scaffolder' }),
  });
  return { ...backend, client };
}

/**
 * The Applications of a service as the agent itself has them (label
 * `gitops/service`), sorted by name.
 */
export async function agentApplicationsOf(
  backend: Pick<SharedTestBackend, 'agentFetch'>,
  agentId: string,
  service: string,
): Promise<any[]> {
  const res = await backend.agentFetch(
    agentId,
    `/api/v1/applications?selector=${encodeURIComponent(
      `gitops/service=${service}`,
    )}`,
  );
  expect(res.status).toBe(200);
  const items = ((await res.json()).items ?? []) as any[];
  return items.sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
}
