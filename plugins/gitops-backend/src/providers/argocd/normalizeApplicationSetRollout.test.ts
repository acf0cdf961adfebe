import { normalizeApplicationSet } from './normalizeApplicationSet';
import type { ArgoApplicationSet } from './argoCdTypes';

const steps = [
  {
    matchExpressions: [{ key: 'envLabel', operator: 'In', values: ['dev'] }],
    maxUpdate: 1,
  },
  {
    matchExpressions: [
      { key: 'envLabel', operator: 'In', values: ['qa', 'prod'] },
    ],
    maxUpdate: '50%',
  },
];

describe('normalizeApplicationSet: progressive syncs', () => {
  it('reads a RollingSync set as Argo CD serves it (the CRD field names)', () => {
    // spec.strategy and status as applicationset-crd.yaml declares them
    const dev = {
      application: 'guestbook-dev',
      status: 'Healthy',
      message:
        'Application resource became Healthy, updating status from Progressing to Healthy.',
      targetRevisions: ['4b3c2a1'],
      lastTransitionTime: '2026-11-26T12:00:00Z',
    };
    const qa = {
      application: 'guestbook-qa',
      status: 'Waiting',
      message: 'Application has pending changes, setting status to Waiting.',
      targetRevisions: ['4b3c2a1'],
    };
    const raw: ArgoApplicationSet = {
      metadata: { name: 'guestbook' },
      spec: {
        generators: [{ list: { elements: [] } }],
        strategy: { type: 'RollingSync', rollingSync: { steps } },
      },
      status: {
        resourcesCount: 2,
        health: { status: 'Progressing', message: 'waiting for step 2' },
        applicationStatus: [
          { ...dev, step: '1' },
          { ...qa, step: '2' },
        ],
      },
    };
    const set = normalizeApplicationSet(raw, 'argocd-a');
    expect(set.strategy).toEqual({
      type: 'RollingSync',
      steps: [
        {
          step: 1,
          matchExpressions: [
            { key: 'envLabel', operator: 'In', values: ['dev'] },
          ],
          maxUpdate: '1',
        },
        {
          step: 2,
          matchExpressions: [
            { key: 'envLabel', operator: 'In', values: ['qa', 'prod'] },
          ],
          maxUpdate: '50%',
        },
      ],
    });
    // the same statuses, their steps as numbers
    expect(set.applicationStatus).toEqual([
      { ...dev, step: 1 },
      { ...qa, step: 2 },
    ]);
    expect(set.health).toEqual({
      status: 'Progressing',
      message: 'waiting for step 2',
    });
    expect(set.resourcesCount).toBe(2);
  });

  it('reads the Harness SDK models, which marshal the proto', () => {
    // ApplicationsApplicationSetRolloutStep.maxUpdate is an
    // IntstrIntOrString, ApplicationsApplicationSetApplicationStatus names
    // its revisions `targetrevisions` and its time a V1Time
    const raw: ArgoApplicationSet = {
      metadata: { name: 'guestbook' },
      spec: {
        strategy: {
          type: 'RollingSync',
          rollingSync: {
            steps: [
              { matchExpressions: [], maxUpdate: { type: 0, intVal: 2 } },
              { matchExpressions: null, maxUpdate: { type: 1, strVal: '25%' } },
              { matchExpressions: [] },
            ],
          },
        },
      },
      status: {
        resourcesCount: '3',
        applicationStatus: [
          {
            application: 'guestbook-prod',
            status: 'Pending',
            step: '3',
            targetrevisions: ['main'],
            lastTransitionTime: { seconds: '1795694400', nanos: 0 },
          },
        ],
      },
    };
    const set = normalizeApplicationSet(raw, 'harness-a');
    expect(set.strategy?.steps.map(s => s.maxUpdate)).toEqual([
      '2',
      '25%',
      undefined,
    ]);
    expect(set.strategy?.steps[1].matchExpressions).toEqual([]);
    expect(set.applicationStatus).toEqual([
      {
        application: 'guestbook-prod',
        status: 'Pending',
        step: 3,
        targetRevisions: ['main'],
        lastTransitionTime: '2026-11-26T12:00:00.000Z',
      },
    ]);
    expect(set.resourcesCount).toBe(3);
  });

  it('leaves a set without a strategy or rollout status as it was', () => {
    const set = normalizeApplicationSet(
      { metadata: { name: 'plain' }, spec: { generators: [] } },
      'argocd-a',
    );
    expect(set).not.toHaveProperty('strategy');
    expect(set).not.toHaveProperty('applicationStatus');
    expect(set).not.toHaveProperty('health');
    expect(set).not.toHaveProperty('resourcesCount');
  });
});
