import { mockCredentials } from '@backstage/backend-test-utils';
import {
  shopApplicationSet,
  waitFor,
} from '@gitops-suite/plugin-gitops-backend/testUtils';
import {
  ReliabilityBackend,
  startReliabilityBackend,
} from './support/startReliabilityBackend';
import {
  applicationWriteRoutes,
  gitopsSpecPaths,
} from './support/gitopsRouteSpec';
import { ownerPolicy } from './support/ownerPolicy';

jest.setTimeout(120_000);

/*
 * The trust model's classes. For every route of the spec and every action
 * of the registry that creates or changes something on an agent: one
 * attempt per foreign project, foreign destination, foreign repository and
 * foreign entity label (ApplicationSets also: a destination by cluster name,
 * a hidden project's namespace), by an owner of the entity it names (alice, of
 * team-a, through payments). The agent's state is read before and after
 * each attempt: zero may change it. Positive controls show the owner's own
 * requests do get through.
 */

const ACTIONS = '/api/gitops/.backstage/actions/v1/actions';
const ALICE = mockCredentials.user.header('user:default/alice');
const ENTITY = 'component:default/payments';
const OUTSIDE_REPO = 'https://github.com/outsider/payload.git';

type ForeignClass = 'project' | 'destination' | 'repository' | 'label';
const CLASSES: ForeignClass[] = [
  'project',
  'destination',
  'repository',
  'label',
];

/**
 * The classes of a set's destination beyond the planted ones: a cluster
 * given by its Argo CD name into a namespace team-b's project occupies
 * (planted-project's, which team-a's `payments-*` would allow), and a
 * namespace of team-security's project, hidden from the portal's token,
 * that its config lists (`payments-vault-*`).
 */
type SetClass = ForeignClass | 'destination-by-name' | 'hidden-namespace';
const SET_CLASSES: SetClass[] = [
  ...CLASSES,
  'destination-by-name',
  'hidden-namespace',
];

/**
 * An ApplicationSet of each foreign class, generating one application on
 * the nonprod cluster that team-a's payments component would select (or,
 * for the label class, that claims team-b's checkout).
 */
function foreignSet(name: string, foreign: SetClass) {
  const own = {
    service: 'payments',
    environments: ['dev'],
    project: 'payments',
  };
  switch (foreign) {
    case 'destination-by-name': {
      const set = shopApplicationSet(name, own) as any;
      set.spec.template.spec.destination = {
        name: 'nonprod',
        namespace: 'payments-planted-{{env}}',
      };
      return set;
    }
    case 'hidden-namespace':
      return shopApplicationSet(name, {
        ...own,
        namespace: 'payments-vault-{{env}}',
      });
    case 'project':
      return shopApplicationSet(name, { ...own, project: 'checkout' });
    case 'destination':
      return shopApplicationSet(name, {
        ...own,
        namespace: 'checkout-{{env}}',
      });
    case 'repository':
      return shopApplicationSet(name, { ...own, repoURL: OUTSIDE_REPO });
    default:
      return shopApplicationSet(name, { ...own, selectedBy: 'checkout' });
  }
}

/** Applications placed on the agent outside the portal, one per class, that payments selects. */
const PLANTED: Record<ForeignClass, Record<string, unknown>> = {
  project: shopApplicationSet('planted-project', {
    service: 'payments',
    environments: ['dev'],
    project: 'checkout',
    namespace: 'payments-planted-{{env}}',
  }),
  destination: shopApplicationSet('planted-destination', {
    service: 'payments',
    environments: ['dev'],
    project: 'payments',
    namespace: 'checkout-planted-{{env}}',
  }),
  repository: shopApplicationSet('planted-repository', {
    service: 'payments',
    environments: ['dev'],
    project: 'payments',
    namespace: 'payments-outside-{{env}}',
    repoURL: OUTSIDE_REPO,
  }),
  // the probe's own: another team's application, labelled to claim payments
  label: shopApplicationSet('planted-label', {
    service: 'checkout',
    selectedBy: 'payments',
    environments: ['dev'],
    project: 'checkout',
    namespace: 'checkout-planted-label-{{env}}',
  }),
};

describe('trust classes: foreign project, destination, repository and label', () => {
  let env: ReliabilityBackend;
  const attempts: Record<string, number> = {};
  const passed: string[] = [];

  beforeAll(async () => {
    env = await startReliabilityBackend({
      authorize: ownerPolicy(),
      actions: true,
    });
    for (const manifest of Object.values(PLANTED)) {
      const res = await env.agentFetch('nonprod', '/api/v1/applicationsets', {
        method: 'POST',
        body: JSON.stringify(manifest),
      });
      if (res.status !== 200) {
        throw new Error(`planting failed: ${res.status} ${await res.text()}`);
      }
    }
    // payments' entity page lists them: what a user could then operate
    await waitFor('the planted applications in payments', async () => {
      const res = await env
        .api()
        .get('/api/gitops/entity/default/component/payments/applications')
        .set('Authorization', ALICE);
      const names: string[] = (res.body.environments ?? []).flatMap(
        (group: { applications: Array<{ name: string }> }) =>
          group.applications.map(a => a.name),
      );
      return CLASSES.every(c => names.includes(`planted-${c}-dev`))
        ? true
        : undefined;
    });
  });

  afterAll(async () => {
    await env?.stop();
    const total = Object.values(attempts).reduce((a, b) => a + b, 0);
    // eslint-disable-next-line no-console
    console.log(
      `trust classes: ${total} attempts (${Object.entries(attempts)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}): ${passed.length} passed`,
    );
  });

  /** The agent's state once it holds still: its store version and counts. */
  async function settledState() {
    let last = '';
    for (let i = 0; i < 50; i++) {
      const res = await env.agentFetch('nonprod', '/_sandbox/state');
      const state = await res.json();
      const now = JSON.stringify({
        version: state.resourceVersion,
        applications: state.applications,
        applicationSets: state.applicationSets,
      });
      if (now === last) return now;
      last = now;
      await new Promise(r => setTimeout(r, 150));
    }
    throw new Error('the agent did not settle');
  }

  /** One attempt: refused with 403, and the agent exactly as before. */
  async function attempt(
    label: string,
    send: () => PromiseLike<{ status: number }>,
  ) {
    const before = await settledState();
    const mark = env.agentRequests.length;
    const res = await send();
    const writes = env.agentRequests
      .slice(mark)
      .filter(r => r.method !== 'GET' && !/\/generate(\?|$)/.test(r.url));
    const after = await settledState();
    attempts[label.split(' ')[0]] = (attempts[label.split(' ')[0]] ?? 0) + 1;
    if (res.status !== 403 || writes.length || after !== before) {
      passed.push(
        `${label}: ${res.status}, ${writes.length} agent writes, state ${
          after === before ? 'unchanged' : 'changed'
        }`,
      );
    }
  }

  const specPosts = gitopsSpecPaths().filter(([, methods]) => methods.post);

  /**
   * A resource of the planted application's shape: the trust check decides
   * before the agent is asked what the resource offers.
   */
  const plantedDeployment = (foreign: ForeignClass) => ({
    group: 'apps',
    version: 'v1',
    kind: 'Deployment',
    namespace: `planted-${foreign}-dev`,
    name: `planted-${foreign}`,
  });

  /** A valid body of each operation route, so that only trust can refuse it. */
  async function operationBody(op: string, foreign: ForeignClass) {
    if (op === 'rollback' || op === 'revert') return { id: 0 };
    if (op === 'sync-policy') {
      return {
        automated: false,
        prune: false,
        selfHeal: false,
        reason: 'trust classes',
      };
    }
    if (op === 'resource-actions') {
      return { resource: plantedDeployment(foreign), action: 'restart' };
    }
    return {};
  }

  /** The input an action needs beyond its application, per action. */
  async function actionInput(id: string, foreign: ForeignClass) {
    // an action's input is its route's body (one schema, the spec's)
    if (id !== 'gitops:run-resource-action') return {};
    return operationBody('resource-actions', foreign);
  }

  it('refuses every operation route on a foreign application (derived from the spec)', async () => {
    const backend = env;
    const operations = applicationWriteRoutes();
    expect(operations.length).toBeGreaterThanOrEqual(3);
    for (const [method, template] of operations) {
      const op = template.slice(template.lastIndexOf('/') + 1);
      for (const foreign of CLASSES) {
        const url = `/api/gitops${template
          .replace('{namespace}', 'default')
          .replace('{kind}', 'component')
          .replace('{name}', 'payments')
          .replace('{agentId}', 'nonprod')
          .replace('{appName}', `planted-${foreign}-dev`)}`;
        const body = await operationBody(op, foreign);
        await attempt(`route ${op} ${foreign}`, () =>
          backend.api()[method](url).set('Authorization', ALICE).send(body),
        );
      }
    }
    expect(passed).toEqual([]);
  });

  it('refuses every ApplicationSet create or upsert route of a foreign class (derived from the spec)', async () => {
    const backend = env;
    // the generate preview changes nothing: it answers the problems
    // (checked below), where create and upsert refuse
    const creates = specPosts
      .map(([p]) => p)
      .filter(p => p.includes('/applicationsets') && !p.endsWith('/generate'));
    expect(creates).toEqual(['/agents/{agentId}/applicationsets']);
    for (const foreign of SET_CLASSES) {
      const preview = await backend
        .api()
        .post('/api/gitops/agents/nonprod/applicationsets/generate')
        .set('Authorization', ALICE)
        .send({
          entityRef: ENTITY,
          manifest: foreignSet(`foreign-${foreign}`, foreign),
        });
      expect(preview.status).toBe(200);
      if (!preview.body.problems?.length) {
        passed.push(`preview ${foreign}: no problem named`);
      }
      for (const upsert of [false, true]) {
        await attempt(`applicationset ${foreign} upsert=${upsert}`, () =>
          backend
            .api()
            .post('/api/gitops/agents/nonprod/applicationsets')
            .set('Authorization', ALICE)
            .send({
              entityRef: ENTITY,
              manifest: foreignSet(`foreign-${foreign}`, foreign),
              upsert,
            }),
        );
      }
    }
    expect(passed).toEqual([]);
  });

  it("refuses deleting a set whose applications lie in another team's project, destination or repository, or claim another team", async () => {
    const backend = env;
    const deletes = gitopsSpecPaths()
      .filter(([, methods]) => methods.delete)
      .map(([p]) => p);
    expect(deletes).toEqual(['/agents/{agentId}/applicationsets/{setName}']);
    for (const foreign of CLASSES) {
      await attempt(`applicationset-delete ${foreign}`, () =>
        backend
          .api()
          .delete(
            `/api/gitops/agents/nonprod/applicationsets/planted-${foreign}`,
          )
          .set('Authorization', ALICE),
      );
    }
    expect(passed).toEqual([]);
  });

  it('refuses every action that changes an agent on a foreign application (derived from the registry)', async () => {
    const backend = env;
    const list = await env.api().get(ACTIONS).set('Authorization', ALICE);
    expect(list.status).toBe(200);
    const writing = (
      list.body.actions as Array<{
        id: string;
        attributes: { readOnly: boolean };
      }>
    )
      .filter(a => a.id.startsWith('gitops:') && !a.attributes.readOnly)
      .map(a => a.id);
    expect(writing.length).toBeGreaterThanOrEqual(2);
    for (const id of writing) {
      for (const foreign of CLASSES) {
        const extra = await actionInput(id, foreign);
        await attempt(`action ${id} ${foreign}`, () =>
          backend
            .api()
            .post(`${ACTIONS}/${encodeURIComponent(id)}/invoke`)
            .set('Authorization', ALICE)
            .send({
              entityRef: ENTITY,
              agentId: 'nonprod',
              application: `planted-${foreign}-dev`,
              ...extra,
            }),
        );
      }
    }
    expect(passed).toEqual([]);
  });

  it('lets the owner operate and create where team-a may deploy (positive controls)', async () => {
    const refreshed = await env
      .api()
      .post(
        '/api/gitops/entity/default/component/payments/applications/nonprod/payments-dev/refresh',
      )
      .set('Authorization', ALICE)
      .send({});
    expect(refreshed.status).toBe(200);
    const created = await env
      .api()
      .post('/api/gitops/agents/nonprod/applicationsets')
      .set('Authorization', ALICE)
      .send({
        entityRef: ENTITY,
        manifest: shopApplicationSet('payments-own', {
          service: 'payments',
          environments: ['dev'],
          project: 'payments',
          namespace: 'payments-own-{{env}}',
        }),
      });
    expect(created.status).toBe(201);
  });
});
