import { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { application } from '@gitops-suite/plugin-gitops-node/testUtils';
import {
  newDeployments,
  syncFailure,
  unhealthyHealth,
} from './extractDeliveryEvents';

/** payments in prod on an Argo CD agent: Synced, Healthy, no history. */
function app(overrides: Partial<GitOpsApplication> = {}): GitOpsApplication {
  return application({
    name: 'payments-prod',
    agentId: 'prod',
    agentKind: 'argocd',
    sources: [
      { repoURL: 'https://github.com/acme/payments.git', type: 'kustomize' },
    ],
    destination: {},
    environment: 'prod',
    service: 'payments',
    ...overrides,
  });
}

const at = (h: number) => `2026-11-20T${String(h).padStart(2, '0')}:00:00Z`;

describe('newDeployments', () => {
  it('flags revision changes and rollbacks against the whole sequence', () => {
    const history = [
      { id: 5, revision: 'a', deployedAt: at(5) },
      { id: 4, revision: 'c', deployedAt: at(4) },
      { id: 3, revision: 'b', deployedAt: at(3) },
      { id: 2, revision: 'b', deployedAt: at(2) },
      { id: 1, revision: 'a', deployedAt: at(1) },
      // no deployedAt: still running, not a deployment yet
      { id: 6, revision: 'd' },
    ];
    const all = newDeployments(app({ history }), []);
    expect(
      all.map(d => [d.historyId, d.revision, d.revisionChanged, d.rollback]),
    ).toEqual([
      [1, 'a', true, false],
      [2, 'b', true, false],
      [3, 'b', false, false],
      [4, 'c', true, false],
      [5, 'a', true, true],
    ]);
    expect(all[0]).toEqual({
      appKey: 'prod:/payments-prod',
      agentId: 'prod',
      application: 'payments-prod',
      service: 'payments',
      environment: 'prod',
      historyId: 1,
      revision: 'a',
      deployedAt: at(1),
      revisionChanged: true,
      rollback: false,
    });

    // recorded entries are not returned again, but still count as before
    const later = newDeployments(
      app({
        history: [
          { id: 6, revision: 'b', deployedAt: at(6) },
          ...history.slice(0, 2),
        ],
      }),
      all,
    );
    expect(
      later.map(d => [d.historyId, d.revisionChanged, d.rollback]),
    ).toEqual([[6, true, true]]);
  });

  it('takes the first revision of a multi-source entry', () => {
    const [d] = newDeployments(
      app({ history: [{ id: 1, revisions: ['x', 'y'], deployedAt: at(1) }] }),
      [],
    );
    expect(d.revision).toBe('x');
  });
});

describe('syncFailure', () => {
  it('reports a failed or errored sync, never a dry run or a success', () => {
    const failed = app({
      operation: {
        phase: 'Failed',
        startedAt: at(1),
        finishedAt: at(2),
        revision: 'abc',
      },
    });
    expect(syncFailure(failed)).toMatchObject({
      appKey: 'prod:/payments-prod',
      startedAt: at(1),
      finishedAt: at(2),
      revision: 'abc',
      phase: 'Failed',
    });
    expect(
      syncFailure(app({ operation: { phase: 'Error', startedAt: at(1) } })),
    ).toMatchObject({ finishedAt: at(1), phase: 'Error' });
    expect(
      syncFailure(
        app({ operation: { phase: 'Failed', startedAt: at(1), dryRun: true } }),
      ),
    ).toBeUndefined();
    expect(
      syncFailure(app({ operation: { phase: 'Succeeded', startedAt: at(1) } })),
    ).toBeUndefined();
  });
});

describe('unhealthyHealth', () => {
  it('is Degraded or Missing, else nothing', () => {
    expect(unhealthyHealth(app({ health: { status: 'Degraded' } }))).toBe(
      'Degraded',
    );
    expect(unhealthyHealth(app({ health: { status: 'Missing' } }))).toBe(
      'Missing',
    );
    expect(
      unhealthyHealth(app({ health: { status: 'Progressing' } })),
    ).toBeUndefined();
  });
});
