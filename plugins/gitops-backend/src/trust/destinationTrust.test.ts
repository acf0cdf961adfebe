import {
  componentEntity,
  configEnvironments,
  shopApplicationSet,
  shopArgoCdAgent,
  shopHarnessAgent,
  shopScenario,
  shopService,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../testUtils';
import { groupEntity } from '../testUtils/trustFleet';

jest.setTimeout(60_000);

/*
 * Destinations compared as Argo CD resolves them, and occupancy that fails
 * closed. Team-checkout runs `payments-legacy` in its own project, in
 * namespaces team-payments' `payments-*` destinations allow: dev on the
 * nonprod cluster, qa on Argo CD's in-cluster, and on Harness's eu cluster
 * (identifier eu_cluster). Team-security's projects `restricted` (its
 * destinations `secrets-broker-*` in config) and `vault` (no destination
 * list) are forbidden to the portal's token, their applications hidden.
 */
const scenario = shopScenario('gitops-backend-destinations', {
  services: [
    shopService('payments', { project: 'payments', agents: ['nonprod', 'hx'] }),
    shopService('payments-legacy', {
      project: 'checkout',
      agents: ['nonprod', 'hx'],
    }),
    shopService('secrets-broker', {
      project: 'restricted',
      agents: ['nonprod', 'hx'],
    }),
    shopService('vault', { project: 'vault', agents: ['nonprod'] }),
  ],
  projects: [
    { name: 'payments' },
    { name: 'checkout' },
    { name: 'restricted' },
    { name: 'vault' },
    { name: 'ledger' },
  ],
  agents: [
    shopArgoCdAgent('nonprod', {
      environments: [
        { name: 'dev', cluster: 'nonprod' },
        { name: 'qa', cluster: 'in-cluster' },
      ],
      clusters: ['nonprod', 'in-cluster'],
      forbiddenProjects: ['restricted', 'vault'],
      syncDurationMs: 50,
    }),
    shopHarnessAgent('hx', {
      syncDurationMs: 50,
      forbiddenProjects: ['restricted'],
    }),
  ],
});

const projects = [
  {
    name: 'payments',
    owners: ['group:default/team-payments'],
    destinations: [{ namespace: 'payments-*' }],
  },
  // a project of team-payments with only the AppProject's catch-all list
  { name: 'ledger', owners: ['group:default/team-payments'] },
  { name: 'checkout', owners: ['group:default/team-checkout'] },
  {
    name: 'restricted',
    owners: ['group:default/team-security'],
    destinations: [{ namespace: 'secrets-broker-*' }],
  },
  { name: 'vault', agents: ['nonprod'], owners: ['team-security'] },
];

const ENTITY = 'component:default/payments';

describe('destinations: resolved as Argo CD does, occupancy failing closed', () => {
  const env = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario,
      entities: [
        componentEntity(
          'payments',
          { 'gitops/service': 'payments' },
          'team-payments',
        ),
        groupEntity('team-payments'),
        groupEntity('team-checkout'),
        groupEntity('team-security'),
      ],
      environments: configEnvironments,
      gitops: { projects },
    }),
  );

  /** A set of team-payments generating one application at `destination`. */
  function set(
    name: string,
    destination: Record<string, string>,
    project = 'payments',
  ) {
    const manifest = shopApplicationSet(name, {
      service: 'payments',
      environments: ['dev'],
      project,
    }) as any;
    manifest.spec.template.spec.destination = destination;
    return manifest;
  }

  async function agentState(agentId: string) {
    const res = await env.agentFetch(agentId, '/_sandbox/state');
    const state = await res.json();
    return {
      applications: state.applications,
      applicationSets: state.applicationSets,
    };
  }

  /**
   * The preview's problems for the set, and its create and upsert refused
   * (403) with the agent as it was. Returns the create's message.
   */
  async function refused(agentId: string, manifest: Record<string, unknown>) {
    const preview = await env
      .api()
      .post(`/api/gitops/agents/${agentId}/applicationsets/generate`)
      .set('Authorization', env.auth)
      .send({ entityRef: ENTITY, manifest });
    expect(preview.status).toBe(200);
    expect(preview.body.problems.length).toBeGreaterThan(0);
    let message = '';
    for (const upsert of [false, true]) {
      const before = await agentState(agentId);
      const res = await env
        .api()
        .post(`/api/gitops/agents/${agentId}/applicationsets`)
        .set('Authorization', env.auth)
        .send({ entityRef: ENTITY, manifest, upsert });
      expect(res.status).toBe(403);
      expect(await agentState(agentId)).toEqual(before);
      message = res.body.error.message;
    }
    return message;
  }

  it("refuses a cluster name into another team's occupied namespace", async () => {
    const message = await refused(
      'nonprod',
      set('by-name', { name: 'nonprod', namespace: 'payments-legacy-dev' }),
    );
    expect(message).toContain(
      'by-name-dev: destination nonprod/payments-legacy-dev (server https://nonprod.example.internal:6443) holds applications of project checkout, which belongs to group:default/team-checkout',
    );
  });

  it('refuses a Harness cluster identifier, and its name, into the occupied namespace', async () => {
    for (const name of ['eu_cluster', 'eu']) {
      const message = await refused(
        'hx',
        set(`by-${name.replace('_', '-')}`, {
          name,
          namespace: 'payments-legacy-dev',
        }),
      );
      expect(message).toContain(
        `destination ${name}/payments-legacy-dev (server https://eu.example.internal:6443) holds applications of project checkout`,
      );
    }
  });

  it.each([
    ['a trailing slash', 'https://nonprod.example.internal:6443/', 'dev'],
    ['an uppercase host', 'https://NONPROD.Example.Internal:6443', 'dev'],
    ['an uppercase scheme', 'HTTPS://nonprod.example.internal:6443//', 'dev'],
    ['the default port', 'https://kubernetes.default.svc:443', 'qa'],
    [
      'the default port and a slash',
      'https://Kubernetes.default.svc:443/',
      'qa',
    ],
  ])('refuses a server written with %s', async (_, server, env_) => {
    const message = await refused(
      'nonprod',
      set(`variant-${env_}`, { server, namespace: `payments-legacy-${env_}` }),
    );
    expect(message).toContain('holds applications of project checkout');
  });

  it('refuses a cluster name the agent does not list (fail closed)', async () => {
    const message = await refused(
      'nonprod',
      set('unknown', { name: 'nonprod-shadow', namespace: 'payments-new-dev' }),
    );
    expect(message).toContain(
      'unknown-dev: destination nonprod-shadow/payments-new-dev: cluster name nonprod-shadow is not a cluster of agent nonprod',
    );
    // a name of another agent's cluster is no cluster of this one
    const harnessName = await refused(
      'nonprod',
      set('elsewhere', { name: 'eu_cluster', namespace: 'payments-new-dev' }),
    );
    expect(harnessName).toContain(
      'cluster name eu_cluster is not a cluster of agent nonprod',
    );
  });

  it("refuses a namespace a hidden project's config names, by server and by name", async () => {
    const destinations: Array<Record<string, string>> = [
      { name: 'nonprod', namespace: 'secrets-broker-dev' },
      {
        server: 'https://nonprod.example.internal:6443',
        namespace: 'secrets-broker-prod',
      },
    ];
    for (const destination of destinations) {
      // ledger allows any namespace (its AppProject's `*`)
      const message = await refused(
        'nonprod',
        set('hidden', destination, 'ledger'),
      );
      expect(message).toContain(
        `namespace ${destination.namespace} on https://nonprod.example.internal:6443 is named by the destinations gitops.projects gives project restricted (hidden from the portal's token on agent nonprod), which belongs to group:default/team-security`,
      );
    }
    const harness = await refused(
      'hx',
      set(
        'hidden-hx',
        { name: 'eu_cluster', namespace: 'secrets-broker-dev' },
        'ledger',
      ),
    );
    expect(harness).toContain('project restricted (hidden from the portal');
  });

  it('refuses a namespace allowed only by a catch-all where a hidden project has no destination list', async () => {
    const message = await refused(
      'nonprod',
      set(
        'catch-all',
        { name: 'nonprod', namespace: 'ledger-new-dev' },
        'ledger',
      ),
    );
    expect(message).toContain(
      "project ledger allows namespace ledger-new-dev only through a catch-all namespace pattern, and project vault (group:default/team-security) is hidden from the portal's token on agent nonprod, so whether it runs there is unknown: list vault's destinations in gitops.projects",
    );
  });

  it("lets the owners create in a new namespace their project's destinations name, by cluster name", async () => {
    for (const [agentId, name] of [
      ['nonprod', 'nonprod'],
      ['hx', 'eu_cluster'],
    ]) {
      const manifest = set(`payments-new-${agentId}`, {
        name,
        namespace: `payments-new-${agentId}-dev`,
      });
      const preview = await env
        .api()
        .post(`/api/gitops/agents/${agentId}/applicationsets/generate`)
        .set('Authorization', env.auth)
        .send({ entityRef: ENTITY, manifest });
      expect(preview.body.problems).toEqual([]);
      const res = await env
        .api()
        .post(`/api/gitops/agents/${agentId}/applicationsets`)
        .set('Authorization', env.auth)
        .send({ entityRef: ENTITY, manifest });
      expect(res.status).toBe(201);
    }
  });
});
