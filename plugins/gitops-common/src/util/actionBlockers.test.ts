import type { SyncWindow } from '../types';
import { actionBlockers, mostSevereFirst } from './actionBlockers';

const freeze: SyncWindow = {
  kind: 'deny',
  schedule: '0 22 * * 5',
  duration: '56h',
  applications: ['*-prod'],
  manualSync: true,
  active: true,
};

describe('actionBlockers', () => {
  it('finds nothing on an application at rest with no windows', () => {
    expect(actionBlockers({ operation: { phase: 'Succeeded' } })).toEqual([]);
    expect(actionBlockers({}, [])).toEqual([]);
    expect(actionBlockers({}, [{ ...freeze, active: false }])).toEqual([]);
  });

  it('shows a running operation as Syncing, with its revision and initiator', () => {
    const [blocker] = actionBlockers({
      operation: {
        phase: 'Running',
        revision: '4f2a9c81d0',
        initiatedBy: 'ada',
        message: 'waiting for healthy state of apps/Deployment/api',
      },
    });
    expect(blocker).toEqual({
      kind: 'operation-running',
      severity: 'warning',
      label: 'Syncing',
      message:
        'An operation to 4f2a9c8 by ada is running: waiting for healthy state of apps/Deployment/api.',
    });
    expect(
      actionBlockers({ operation: { phase: 'Terminating', dryRun: true } })[0],
    ).toMatchObject({
      label: 'Terminating',
      message: 'A dry run is being terminated.',
    });
  });

  it('stops on a failed hydration, naming the hydrator message', () => {
    const blockers = actionBlockers({
      sourceHydrator: {
        drySource: { repoURL: 'r', targetRevision: 'main', path: 'p' },
        syncSource: { repoURL: 'r', targetBranch: 'env/prod', path: 'p' },
        currentOperation: {
          phase: 'Failed',
          message: 'kustomize build failed',
        },
      },
    });
    expect(blockers).toEqual([
      {
        kind: 'hydration-failed',
        severity: 'error',
        label: 'Hydration failed',
        message:
          'Hydration failed: kustomize build failed. The latest change has not reached the cluster.',
      },
    ]);
  });

  it('names an active freeze that lets manual syncs through as a warning', () => {
    expect(actionBlockers({}, [freeze])).toEqual([
      {
        kind: 'sync-window',
        severity: 'warning',
        label: 'Manual sync only',
        message:
          'Sync window: the deny window "0 22 * * 5" for 56h is active. Automated syncs are denied; a manual sync is allowed and should be deliberate.',
      },
    ]);
  });

  it('denies when an active deny window does not allow manual syncs', () => {
    const strict = { ...freeze, manualSync: false };
    expect(actionBlockers({}, [freeze, strict])[0]).toMatchObject({
      severity: 'error',
      label: 'Sync denied',
      message:
        'Sync window: the deny window "0 22 * * 5" for 56h and the deny window "0 22 * * 5" for 56h are active. Syncs are denied until it closes.',
    });
  });

  it('denies outside every allow window, unless one allows manual syncs', () => {
    const allow: SyncWindow = {
      kind: 'allow',
      schedule: '0 9 * * 1-5',
      duration: '8h',
      active: false,
    };
    expect(actionBlockers({}, [allow])[0]).toMatchObject({
      label: 'Sync denied',
      message:
        'Sync window: no allow window is open. Syncs are denied until one opens.',
    });
    expect(
      actionBlockers({}, [{ ...allow, manualSync: true }])[0],
    ).toMatchObject({ label: 'Manual sync only' });
    expect(actionBlockers({}, [{ ...allow, active: true }])).toEqual([]);
  });

  it('puts what stops the action before what only warns', () => {
    const blockers = actionBlockers(
      {
        operation: { phase: 'Running' },
        sourceHydrator: {
          drySource: { repoURL: 'r', targetRevision: 'main', path: 'p' },
          syncSource: { repoURL: 'r', targetBranch: 'env/prod', path: 'p' },
          currentOperation: { phase: 'Failed' },
        },
      },
      [freeze],
    );
    expect(blockers.map(b => b.kind)).toEqual([
      'hydration-failed',
      'operation-running',
      'sync-window',
    ]);
  });
});

describe('mostSevereFirst', () => {
  it('puts the blockers that refuse before the warnings, keeping their order otherwise, without changing what it is given', () => {
    const warning = (label: string) =>
      ({
        kind: 'sync-window',
        severity: 'warning',
        label,
        message: label,
      } as const);
    const error = (label: string) =>
      ({
        kind: 'hydration-failed',
        severity: 'error',
        label,
        message: label,
      } as const);
    const given = [warning('w1'), error('e1'), warning('w2'), error('e2')];
    expect(mostSevereFirst(given).map(b => b.label)).toEqual([
      'e1',
      'e2',
      'w1',
      'w2',
    ]);
    expect(given.map(b => b.label)).toEqual(['w1', 'e1', 'w2', 'e2']);
  });
});
