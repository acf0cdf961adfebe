import http from 'node:http';
import { Sandbox, SandboxAgentInfo, startSandbox } from '../../startSandbox';
import { smallScenario } from '../../testing/smallScenario';
import { argoClient, controlClient } from '../../testing/testClients';
import { maxUpdateOf } from './rollingSync';

/*
 * RollingSync as Argo CD's ApplicationSet controller runs it
 * (Progressive-Syncs.md, applicationset_controller.go): automated sync off
 * on the generated Applications, steps in order, at most maxUpdate of a
 * step's Applications updating at once, each moving Waiting -> Pending ->
 * Progressing -> Healthy, seen as the ApplicationSet watch stream sends it.
 */
let sandbox: Sandbox;
let argo: SandboxAgentInfo;

beforeEach(async () => {
  sandbox = await startSandbox({ scenario: smallScenario(), log: () => {} });
  argo = sandbox.agent('argo');
});
afterEach(() => sandbox.close());

const rollingSet = () => ({
  metadata: { name: 'web-rollout' },
  spec: {
    generators: [
      {
        list: {
          elements: [
            { env: 'dev', stage: 'dev' },
            { env: 'qa-a', stage: 'qa' },
            { env: 'qa-b', stage: 'qa' },
            { env: 'qa-c', stage: 'qa' },
          ],
        },
      },
    ],
    strategy: {
      type: 'RollingSync',
      rollingSync: {
        steps: [
          { matchExpressions: [{ key: 'stage', operator: 'In', values: ['dev'] }] },
          { matchExpressions: [{ key: 'stage', operator: 'In', values: ['qa'] }], maxUpdate: '40%' },
        ],
      },
    },
    template: {
      metadata: { name: 'rollout-{{env}}', labels: { stage: '{{stage}}' } },
      spec: {
        project: 'shop',
        source: { repoURL: 'https://github.com/acme/web-deploy.git', path: 'deploy/overlays/dev', targetRevision: 'main' },
        destination: { server: 'https://kubernetes.default.svc', namespace: 'rollout-{{env}}' },
        syncPolicy: { automated: { prune: true } },
      },
    },
  },
});

type Status = { application: string; status: string; step: string; message: string };

/**
 * The set's applicationStatus at each event of the ApplicationSet stream,
 * until `done` holds for one of them.
 */
function watchRollout(done: (statuses: Status[]) => boolean): Promise<Status[][]> {
  return new Promise((resolve, reject) => {
    const seen: Status[][] = [];
    const req = http.get(
      `${argo.url}/api/v1/stream/applicationsets`,
      { headers: { authorization: `Bearer ${argo.token}` } },
      res => {
        let buffer = '';
        res.on('data', chunk => {
          buffer += chunk;
          const lines = buffer.split('\n');
          buffer = lines.pop()!;
          for (const line of lines.filter(Boolean)) {
            const set = JSON.parse(line).result.applicationSet;
            if (set.metadata.name !== 'web-rollout') continue;
            const statuses: Status[] = set.status?.applicationStatus ?? [];
            seen.push(statuses);
            if (done(statuses)) {
              req.destroy();
              resolve(seen);
            }
          }
        });
      },
    );
    req.on('error', reject);
  });
}

const allHealthy = (statuses: Status[]) => statuses.length === 4 && statuses.every(s => s.status === 'Healthy');
/** All Healthy again, after a change left some not Healthy. */
const rolledOut = () => {
  let began = false;
  return (statuses: Status[]) => {
    began ||= !allHealthy(statuses);
    return began && allHealthy(statuses);
  };
};
const updating = (s: Status) => s.status === 'Pending' || s.status === 'Progressing';

describe('RollingSync', () => {
  it('scales maxUpdate as Kubernetes does, with at least one for a percentage above 0%', () => {
    expect(maxUpdateOf(undefined, 3)).toBe(3);
    expect(maxUpdateOf(2, 3)).toBe(2);
    expect(maxUpdateOf('40%', 3)).toBe(1);
    expect(maxUpdateOf('10%', 3)).toBe(1);
    expect(maxUpdateOf('0%', 3)).toBe(0);
    expect(maxUpdateOf('100%', 3)).toBe(3);
  });

  it('rolls a change out step by step, maxUpdate at a time, with autosync off', async () => {
    const client = argoClient(argo);
    const created = watchRollout(rolledOut());
    expect((await client.post('/api/v1/applicationsets', rollingSet())).status).toBe(200);
    await created;
    const app = (await client.get('/api/v1/applications/rollout-qa-a')).json;
    expect(app.spec.syncPolicy?.automated).toBeUndefined();

    // a new commit on the target branch: every application has pending changes
    const rollout = watchRollout(rolledOut());
    const pushed = await controlClient(argo).post('/commit', { repo: 'https://github.com/acme/web-deploy.git', refresh: true });
    expect(pushed.status).toBe(200);
    const seen = await rollout;

    const dev = (statuses: Status[]) => statuses.find(s => s.application === 'rollout-dev')!;
    const qa = (statuses: Status[]) => statuses.filter(s => s.step === '2');
    // step 2 waits while step 1 rolls out
    expect(seen.some(statuses => dev(statuses).status === 'Progressing' && qa(statuses).every(s => s.status === 'Waiting'))).toBe(true);
    for (const statuses of seen) {
      expect(dev(statuses).step).toBe('1');
      // step 2 starts once step 1 is Healthy
      const qaStarted = qa(statuses).some(s => s.status !== 'Waiting' && s.status !== 'Healthy');
      expect(qaStarted && dev(statuses).status !== 'Healthy').toBe(false);
      // 40% of three: one at a time
      expect(qa(statuses).filter(updating).length).toBeLessThanOrEqual(1);
    }
    const states = (name: string) =>
      seen
        .map(statuses => statuses.find(s => s.application === name)!.status)
        .filter((s, i, all) => i === 0 || all[i - 1] !== s);
    // the first step's turn comes in the pass that found the change
    expect(states('rollout-dev')).toEqual(['Healthy', 'Pending', 'Progressing', 'Healthy']);
    for (const name of ['rollout-qa-a', 'rollout-qa-b', 'rollout-qa-c']) {
      expect(states(name)).toEqual(['Healthy', 'Waiting', 'Pending', 'Progressing', 'Healthy']);
    }
    expect(seen[seen.length - 1].map(s => s.message)).toContain(
      'Application resource became Healthy, updating status from Progressing to Healthy.',
    );
  });
});
