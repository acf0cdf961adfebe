import fs from 'fs';
import path from 'path';
import { parse as parseYaml, stringify } from 'yaml';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
// The suite's test harness, for tests only (a devDependency).
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import {
  componentEntity,
  shopApplicationSet,
  shopService,
  waitFor,
} from '@gitops-suite/plugin-gitops-backend/testUtils';
import { createCreateApplicationSetAction } from './createApplicationSet';
import { createSyncApplicationsAction } from './syncApplications';
import {
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';
import { hubScenario } from '../__testUtils__/hubScenario';

jest.setTimeout(60_000);

/*
 * The trust model's classes through the scaffolder: every action the
 * golden-path templates use that changes an agent is tried once per foreign
 * project, foreign destination, foreign repository and foreign entity label,
 * for team-a's orders. The backend's one check refuses each, and the agent
 * is as it was before.
 */

const TEMPLATES = path.resolve(
  __dirname,
  '../../../catalog-backend-module-gitops/templates',
);
/** The module's actions that change an agent, and those that never do. */
const AGENT_WRITES = [
  'gitops:applicationset:create',
  'gitops:application:sync',
];
const NO_AGENT_WRITES = [
  'gitops:applicationset:render',
  'gitops:promote',
  'gitops:authorize',
  // reads the owner's project and the clusters each environment may use
  'gitops:deployment:targets',
];
const OUTSIDE_REPO = 'https://github.com/outsider/payload.git';
type ForeignClass = 'project' | 'destination' | 'repository' | 'label';
const CLASSES: ForeignClass[] = [
  'project',
  'destination',
  'repository',
  'label',
];

const IN_CLUSTER = 'in-cluster' as const;
const own = {
  service: 'orders',
  environments: ['dev'],
  project: 'shop',
  cluster: IN_CLUSTER,
};
/** A set of each foreign class, for team-a's orders. */
const foreignSet = (name: string, foreign: ForeignClass) =>
  ({
    project: shopApplicationSet(name, { ...own, project: 'other' }),
    destination: shopApplicationSet(name, {
      ...own,
      namespace: 'billing-{{env}}',
    }),
    repository: shopApplicationSet(name, { ...own, repoURL: OUTSIDE_REPO }),
    label: shopApplicationSet(name, { ...own, selectedBy: 'billing' }),
  }[foreign]);
/** Applications placed outside the portal that orders selects, one per class. */
const planted: Record<ForeignClass, Record<string, unknown>> = {
  project: shopApplicationSet('planted-project', {
    ...own,
    project: 'other',
    namespace: 'orders-p-{{env}}',
  }),
  destination: shopApplicationSet('planted-destination', {
    ...own,
    namespace: 'billing-d-{{env}}',
  }),
  repository: shopApplicationSet('planted-repository', {
    ...own,
    namespace: 'orders-r-{{env}}',
    repoURL: OUTSIDE_REPO,
  }),
  label: shopApplicationSet('planted-label', {
    ...own,
    service: 'billing',
    selectedBy: 'orders',
    project: 'other',
    namespace: 'billing-l-{{env}}',
  }),
};

describe('scaffolder actions: the trust classes', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario: hubScenario('scaffolder-trust-classes', {
        syncPolicy: 'manual',
        services: [
          shopService('orders', { agents: ['hub'] }),
          shopService('billing', { project: 'other', agents: ['hub'] }),
        ],
      }),
      entities: [
        gitopsEntity('orders'),
        componentEntity('billing', { 'gitops/service': 'billing' }, 'team-b'),
      ],
      gitops: {
        projects: [
          {
            name: 'shop',
            owners: ['group:default/team-a'],
            destinations: [{ namespace: 'orders-*' }],
            sourceRepos: ['https://github.com/acme/*'],
          },
          {
            name: 'other',
            owners: ['group:default/team-b'],
            destinations: [{ namespace: 'billing-*' }],
          },
        ],
      },
    }),
  );

  /** The agent's store version and counts, once it holds still. */
  async function settledState(): Promise<string> {
    let last = '';
    for (let i = 0; i < 50; i++) {
      const state = await (
        await gitops.agentFetch('hub', '/_sandbox/state')
      ).json();
      const now = JSON.stringify([
        state.resourceVersion,
        state.applications,
        state.applicationSets,
      ]);
      if (now === last) return now;
      last = now;
      await new Promise(r => setTimeout(r, 150));
    }
    throw new Error('the agent did not settle');
  }

  const attempts: Record<string, (foreign: ForeignClass) => Promise<void>> = {
    'gitops:applicationset:create': foreign =>
      createCreateApplicationSetAction({
        client: gitops.client,
        permissions: gitops.permissions,
      }).handler(
        createMockActionContext({
          input: {
            agentId: 'hub',
            applicationSet: stringify(
              foreignSet(`foreign-${foreign}`, foreign),
            ),
            entityRef: 'component:default/orders',
            upsert: true,
          } as any,
        }),
      ),
    'gitops:application:sync': foreign =>
      createSyncApplicationsAction({
        client: gitops.client,
        permissions: gitops.permissions,
      }).handler(
        createMockActionContext({
          input: {
            entityRef: 'component:default/orders',
            agentId: 'hub',
            applications: [`planted-${foreign}-dev`],
          } as any,
        }),
      ),
  };

  it('classifies every gitops action the templates use', () => {
    const used = new Set<string>();
    for (const dir of fs.readdirSync(TEMPLATES)) {
      const file = path.join(TEMPLATES, dir, 'template.yaml');
      if (!fs.existsSync(file)) continue;
      for (const step of parseYaml(fs.readFileSync(file, 'utf8')).spec.steps) {
        if (String(step.action).startsWith('gitops:')) used.add(step.action);
      }
    }
    expect(
      [...used].filter(
        a => !AGENT_WRITES.includes(a) && !NO_AGENT_WRITES.includes(a),
      ),
    ).toEqual([]);
    expect(Object.keys(attempts).sort()).toEqual([...AGENT_WRITES].sort());
  });

  it('refuses each agent-changing action for each foreign class and leaves the agent as it was', async () => {
    for (const manifest of Object.values(planted)) {
      const res = await gitops.agentFetch('hub', '/api/v1/applicationsets', {
        method: 'POST',
        body: JSON.stringify(manifest),
      });
      expect(res.status).toBe(200);
    }
    await waitFor('the planted applications in the fleet', async () => {
      const res = await gitops
        .api()
        .get('/api/gitops/fleet/applications?agent=hub')
        .set('Authorization', gitops.auth);
      const names = (res.body.items ?? []).map((a: { name: string }) => a.name);
      return CLASSES.every(c => names.includes(`planted-${c}-dev`))
        ? true
        : undefined;
    });
    const passed: string[] = [];
    for (const id of AGENT_WRITES) {
      for (const foreign of CLASSES) {
        const before = await settledState();
        const outcome = await attempts[id](foreign).then(
          () => 'succeeded',
          (error: Error) => `${error.name}: ${error.message}`,
        );
        const after = await settledState();
        if (
          !/^NotAllowedError: .*403 Forbidden/.test(outcome) ||
          after !== before
        ) {
          passed.push(
            `${id} ${foreign}: ${outcome}; agent ${
              after === before ? 'unchanged' : 'changed'
            }`,
          );
        }
      }
    }
    expect(passed).toEqual([]);
  });
});
