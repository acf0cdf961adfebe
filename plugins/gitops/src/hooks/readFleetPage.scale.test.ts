/**
 * @jest-environment node
 */
import type { DiscoveryApi, FetchApi } from '@backstage/core-plugin-api';
import {
  configEnvironments,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
  waitFor,
} from '@gitops-suite/plugin-gitops-backend/testUtils';
import { GitOpsClient } from '../api/GitOpsClient';
import {
  ATTENTION_PAGE_SIZE,
  readAttentionPage,
} from './useFleetAttentionPage';

jest.setTimeout(180_000);

const AGENTS = 2;
const APPS_PER_AGENT = 3_100;
const LAST_AGENT = 'argocd-02';
/** The only application with a problem: it sorts last on the last agent. */
const LAST = 'zzz-last-prod';

/*
 * A fleet of several thousand applications, every one synced and healthy
 * but the one that sorts last, which is degraded: beyond the backend's
 * first page (5,000). The fleet page's data is read as the page reads it,
 * through the frontend client, over real HTTP to the real backend.
 */
const scenario = {
  name: 'fleet-truth-at-scale',
  mix: {
    outOfSync: 0,
    degraded: 0,
    progressing: 0,
    suspended: 0,
    missing: 0,
    failedSync: 0,
  },
  services: [
    {
      name: 'zzz-last',
      repo: 'https://github.com/acme/zzz-last-deploy.git',
      project: 'shop',
      agents: [LAST_AGENT],
      environments: ['prod'],
      overrides: { prod: { health: 'Degraded' } },
    },
  ],
  generate: { agents: AGENTS, appsPerAgent: APPS_PER_AGENT },
};

describe('the fleet page at several thousand applications', () => {
  const env = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({ scenario, environments: configEnvironments }),
  );
  const client = () => {
    const discoveryApi: DiscoveryApi = {
      getBaseUrl: async () => `http://127.0.0.1:${env.port}/api/gitops`,
    };
    const fetchApi: FetchApi = {
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('Authorization', env.auth);
        return fetch(input, { ...init, headers });
      },
    };
    return new GitOpsClient({ discoveryApi, fetchApi });
  };
  const total = AGENTS * APPS_PER_AGENT + 1;

  // every agent's list loaded into the fleet state before anything is read
  // (on a busy machine the second agent may still be loading)
  beforeAll(() =>
    waitFor(
      'the fleet state to hold every application',
      async () => {
        const res = await env
          .api()
          .get('/api/gitops/fleet/summary')
          .set('Authorization', env.auth);
        return res.body.total === total ? true : undefined;
      },
      120_000,
    ),
  );

  it('is cut after the first page, and says so', async () => {
    const res = await env
      .api()
      .get('/api/gitops/fleet/applications')
      .set('Authorization', env.auth);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(total);
    expect(res.body.items).toHaveLength(5_000);
    expect(res.body.truncated).toBe(true);
    expect(res.body.nextCursor).toEqual(expect.any(String));
    // the problem is not on the first page: a client that stops there misses it
    expect(res.body.items.map((a: { name: string }) => a.name)).not.toContain(
      LAST,
    );
  });

  it('shows the one degraded application under needs attention, reading one page', async () => {
    const api = client();
    const [summary, applications] = await Promise.all([
      api.getFleetSummary({}),
      readAttentionPage(api, {}),
    ]);
    expect(summary.total).toBe(total);
    expect(summary.byHealth.Degraded).toBe(1);
    expect(applications.truncated).toBe(false);
    expect(applications.items.map(a => `${a.agentId}/${a.name}`)).toEqual([
      `${LAST_AGENT}/${LAST}`,
    ]);
    expect(applications.total).toBe(1);
  });

  it('pages the applications that need attention by cursor, a page read at a time', async () => {
    const api = client();
    const first = await api.getFleetApplicationsPage(
      { agent: [LAST_AGENT] },
      { limit: ATTENTION_PAGE_SIZE },
    );
    expect(first.items).toHaveLength(ATTENTION_PAGE_SIZE);
    expect(first.total).toBe(APPS_PER_AGENT + 1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await api.getFleetApplicationsPage(
      { agent: [LAST_AGENT] },
      { limit: ATTENTION_PAGE_SIZE, cursor: first.nextCursor },
    );
    expect(second.items).toHaveLength(ATTENTION_PAGE_SIZE);
    const keys = new Set([...first.items, ...second.items].map(a => a.key));
    expect(keys.size).toBe(2 * ATTENTION_PAGE_SIZE);
  });

  it('pages through every application, the last one included', async () => {
    const all = await client().getFleetApplications({});
    expect(all.truncated).toBe(false);
    expect(all.total).toBe(total);
    expect(new Set(all.items.map(a => a.key)).size).toBe(total);
    expect(all.items[all.items.length - 1].name).toBe(LAST);
  });

  it('gives the cluster tab every application on the cluster, with its true total', async () => {
    const cluster = `${LAST_AGENT}-prod`;
    const server = `https://${cluster}.k8s.example.internal:6443`;
    const onCluster = await client().getFleetApplications({
      agent: [LAST_AGENT],
      cluster: [cluster],
      // as a Resource may spell it: the trailing slash does not matter
      server: [`${server}/`],
    });
    expect(onCluster.total).toBe(onCluster.items.length);
    expect(onCluster.items.length).toBeGreaterThan(1_000);
    expect(
      onCluster.items.every(
        a => a.agentId === LAST_AGENT && a.destination.server === server,
      ),
    ).toBe(true);
    expect(onCluster.items.map(a => a.name)).toContain(LAST);
  });
});
