import { mockCredentials } from '@backstage/backend-test-utils';
import {
  componentEntity,
  configEnvironments,
  GitOpsTestBackend,
  shopNonprodAgent,
  shopScenario,
  shopService,
  startGitOpsTestBackend,
} from '@gitops-suite/plugin-gitops-backend/testUtils';
import { gitopsSpecPaths } from './support/gitopsRouteSpec';

jest.setTimeout(120_000);

/*
 * Every write path, derived from the spec and the actions registry, has
 * its trust classes here, and the git write classes are tried for real:
 * a merge or a template's git write through an entity of team-a
 * (payments), on another team's repository, on another team's path of a
 * repository both teams deploy from, and on a shared path of it. The git
 * host's branches and pull requests are compared before and after each
 * attempt: zero may change. The templates' git-writing steps are derived
 * from the templates in the scaffolder module (templates.gitWrites.test.ts).
 */

const ACTIONS = '/api/gitops/.backstage/actions/v1/actions';
const OPERATION_CLASSES = ['project', 'destination', 'repository', 'label'];
const SET_CLASSES = [
  ...OPERATION_CLASSES,
  'destination-by-name',
  'hidden-namespace',
  'oversized',
];
const GIT_CLASSES = ['foreign-repository', 'foreign-path', 'shared-path'];

/**
 * Each write path, and the classes the permission suites try on it (and
 * where): a new route or action that writes fails the first test until it
 * is listed here, with its classes, and tried.
 */
const WRITE_PATHS: Record<string, { classes: string[]; suite: string }> = {
  ...Object.fromEntries(
    [
      'refresh',
      'sync',
      'rollback',
      'revert',
      'terminate',
      'resource-actions',
    ].map(op => [
      `POST /entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/${op}`,
      { classes: OPERATION_CLASSES, suite: 'trustClasses.test.ts' },
    ]),
  ),
  'PUT /entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/sync-policy':
    { classes: OPERATION_CLASSES, suite: 'trustClasses.test.ts' },
  'POST /agents/{agentId}/applicationsets': {
    classes: SET_CLASSES,
    suite: 'trustClasses.test.ts, plugins/gitops-backend applicationsets',
  },
  'POST /agents/{agentId}/applicationsets/generate': {
    classes: SET_CLASSES,
    suite: 'trustClasses.test.ts, plugins/gitops-backend applicationsets',
  },
  'DELETE /agents/{agentId}/applicationsets/{setName}': {
    classes: OPERATION_CLASSES,
    suite: 'trustClasses.test.ts',
  },
  'POST /entity/{namespace}/{kind}/{name}/pull-requests/merge': {
    classes: GIT_CLASSES,
    suite: 'writePaths.test.ts',
  },
  'POST /entity/{namespace}/{kind}/{name}/git-writes/authorize': {
    classes: GIT_CLASSES,
    suite: 'writePaths.test.ts',
  },
  ...Object.fromEntries(
    [
      'gitops:refresh-application',
      'gitops:sync-application',
      'gitops:terminate-operation',
      'gitops:run-resource-action',
    ].map(id => [
      `action ${id}`,
      { classes: OPERATION_CLASSES, suite: 'trustClasses.test.ts' },
    ]),
  ),
};

const scenario = shopScenario('reliability-write-paths', {
  services: [
    // one repository both teams deploy from, each from its own folder
    shopService('payments', {
      agents: ['nonprod'],
      project: 'payments',
      repo: 'https://github.com/acme/shop-monorepo.git',
      path: 'payments/{env}',
    }),
    shopService('checkout', {
      agents: ['nonprod'],
      project: 'checkout',
      repo: 'https://github.com/acme/shop-monorepo.git',
      path: 'checkout/{env}',
    }),
    // team-b's own repository
    shopService('pricing', { agents: ['nonprod'], project: 'checkout' }),
  ],
  agents: [shopNonprodAgent({ syncDurationMs: 50 })],
});

describe('write paths: every one classified, git writes refused by class', () => {
  let env: GitOpsTestBackend;
  const attempts: string[] = [];
  const passed: string[] = [];
  const ALICE = mockCredentials.user.header('user:default/alice');

  beforeAll(async () => {
    env = await startGitOpsTestBackend({
      scenario,
      gitHost: true,
      environments: configEnvironments,
      gitops: {
        projects: [
          { name: 'payments', owners: ['group:default/team-a'] },
          { name: 'checkout', owners: ['group:default/team-b'] },
        ],
      },
      entities: [
        componentEntity('payments', { 'gitops/service': 'payments' }),
        componentEntity('checkout', { 'gitops/service': 'checkout' }, 'team-b'),
        componentEntity('pricing', { 'gitops/service': 'pricing' }, 'team-b'),
        // team-a's entity claiming team-b's applications: anyone may register it
        componentEntity('payments-tools', {
          'gitops/app-selector': 'gitops/service in (checkout,pricing)',
        }),
      ],
      // the user may do anything the permission policy can grant: only
      // the trust model stands between them and team-b's deployments
      authorize: () => true,
      config: { backend: { actions: { pluginSources: ['gitops'] } } },
    });
  });

  afterAll(async () => {
    await env?.stop();
    // eslint-disable-next-line no-console
    console.log(
      `write paths: ${attempts.length} git write attempts, ${passed.length} got through`,
    );
  });

  /** The git host's REST API. */
  async function host(method: string, path: string, body?: unknown) {
    const { apiBaseUrl, token } = env.sandbox.gitHost!;
    const res = await fetch(`${apiBaseUrl}${path}`, {
      method,
      headers: {
        authorization: `token ${token}`,
        'content-type': 'application/json',
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
    return res.json();
  }

  /** Every repository's main and its pull requests' states. */
  async function hostState(): Promise<string> {
    const state: unknown[] = [];
    for (const repo of ['shop-monorepo', 'pricing-deploy']) {
      const main = await host('GET', `/repos/acme/${repo}/branches/main`);
      const pulls = await host(
        'GET',
        `/repos/acme/${repo}/pulls?state=all&per_page=100`,
      );
      state.push(
        repo,
        main.commit.sha,
        pulls.map((p: { number: number; state: string }) => [
          p.number,
          p.state,
        ]),
      );
    }
    return JSON.stringify(state);
  }

  /** A promotion pull request on `repo` writing `files`. */
  async function openPromotion(repo: string, branch: string, files: string[]) {
    const [head] = await host(
      'GET',
      `/repos/acme/${repo}/commits?sha=main&per_page=1`,
    );
    const tree = await host('POST', `/repos/acme/${repo}/git/trees`, {
      base_tree: head.commit.tree.sha,
      tree: files.map(path => ({
        path,
        mode: '100644',
        content: `# ${branch}\n`,
      })),
    });
    const commit = await host('POST', `/repos/acme/${repo}/git/commits`, {
      message: branch,
      tree: tree.sha,
      parents: [head.sha],
    });
    await host('POST', `/repos/acme/${repo}/git/refs`, {
      ref: `refs/heads/${branch}`,
      sha: commit.sha,
    });
    const pull = await host('POST', `/repos/acme/${repo}/pulls`, {
      title: branch,
      head: branch,
      base: 'main',
    });
    return pull.number as number;
  }

  const repoUrl = (repo: string) =>
    `${env.sandbox.gitHost!.baseUrl}/acme/${repo}.git`;

  /** One attempt: refused, and the git host exactly as before. */
  async function attempt(
    label: string,
    send: () => PromiseLike<{ status: number; body: any }>,
    refused: (res: { status: number; body: any }) => boolean,
  ) {
    const before = await hostState();
    const res = await send();
    const after = await hostState();
    attempts.push(label);
    if (!refused(res) || after !== before) {
      passed.push(
        `${label}: ${res.status} ${JSON.stringify(res.body).slice(
          0,
          300,
        )}, host ${after === before ? 'unchanged' : 'changed'}`,
      );
    }
  }

  const merge = (entity: string, repo: string, number: number) =>
    env
      .api()
      .post(
        `/api/gitops/entity/default/component/${entity}/pull-requests/merge`,
      )
      .set('Authorization', ALICE)
      .send({ repoUrl: repoUrl(repo), number });

  const decide = (entity: string, repo: string, paths?: string[]) =>
    env
      .api()
      .post(
        `/api/gitops/entity/default/component/${entity}/git-writes/authorize`,
      )
      .set('Authorization', ALICE)
      .send({
        permission: 'gitops.promote',
        repoUrl: repoUrl(repo),
        deployed: true,
        ...(paths && { paths }),
      });

  it('classifies every write path of the spec and of the actions registry', async () => {
    const derived = new Set<string>();
    for (const [path, methods] of gitopsSpecPaths()) {
      for (const method of ['post', 'put', 'patch', 'delete']) {
        if (methods[method]) derived.add(`${method.toUpperCase()} ${path}`);
      }
    }
    const list = await env.api().get(ACTIONS).set('Authorization', ALICE);
    expect(list.status).toBe(200);
    for (const action of list.body.actions as Array<{
      id: string;
      attributes: { readOnly: boolean };
    }>) {
      if (!action.attributes.readOnly) derived.add(`action ${action.id}`);
    }
    const unclassified = [...derived].filter(p => !WRITE_PATHS[p]);
    const stale = Object.keys(WRITE_PATHS).filter(p => !derived.has(p));
    expect({ unclassified, stale }).toEqual({ unclassified: [], stale: [] });
    for (const { classes } of Object.values(WRITE_PATHS)) {
      expect(classes.length).toBeGreaterThan(0);
    }
  });

  it("refuses every git write class on another team's repository or path, changing nothing", async () => {
    const foreignRepo = await openPromotion(
      'pricing-deploy',
      'promote-dev-9.9.1',
      ['overlays/dev/kustomization.yaml'],
    );
    const foreignPath = await openPromotion(
      'shop-monorepo',
      'promote-dev-9.9.2',
      ['checkout/dev/kustomization.yaml'],
    );
    const sharedPath = await openPromotion(
      'shop-monorepo',
      'promote-dev-9.9.3',
      ['base/deployment.yaml'],
    );
    const forbidden = (res: { status: number }) => res.status === 403;
    const denied = (res: { status: number; body: any }) =>
      res.status === 200 && res.body.result === 'deny';

    await attempt(
      'merge foreign-repository',
      () => merge('payments-tools', 'pricing-deploy', foreignRepo),
      forbidden,
    );
    await attempt(
      'merge foreign-path',
      () => merge('payments', 'shop-monorepo', foreignPath),
      forbidden,
    );
    await attempt(
      'merge shared-path',
      () => merge('payments', 'shop-monorepo', sharedPath),
      forbidden,
    );
    await attempt(
      'git-write foreign-repository',
      () => decide('payments', 'pricing-deploy'),
      denied,
    );
    await attempt(
      'git-write foreign-path',
      () => decide('payments', 'shop-monorepo', ['checkout/qa/values.yaml']),
      denied,
    );
    await attempt(
      'git-write shared-path',
      () => decide('payments', 'shop-monorepo'),
      denied,
    );
    expect(passed).toEqual([]);
    expect(attempts).toHaveLength(6);
  });

  it('lets the owners write their own folder of the shared repository (positive controls)', async () => {
    const own = await openPromotion('shop-monorepo', 'promote-dev-9.9.4', [
      'payments/dev/kustomization.yaml',
    ]);
    const allowed = await decide('payments', 'shop-monorepo', [
      'payments/dev/kustomization.yaml',
    ]);
    expect(allowed.body).toMatchObject({ result: 'allow', reasons: [] });
    const merged = await merge('payments', 'shop-monorepo', own);
    expect(merged.status).toBe(200);
  });
});
