import { testApplication } from '../testUtils/testApplication';
import { deployedRevision } from './deployedRevision';

describe('deployedRevision', () => {
  it('takes the latest recorded deployment over what Git wants', () => {
    const app = testApplication({
      sync: {
        status: 'OutOfSync',
        revision: 'a3689c1aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      },
      history: [
        { id: 3, revision: '1ae088f000000000000000000000000000000000' },
        { id: 2, revision: '0bb0000000000000000000000000000000000000' },
      ],
    });
    expect(deployedRevision(app)).toMatchObject({
      revision: '1ae088f000000000000000000000000000000000',
      desired: false,
    });
  });

  it('reads the chart version of a multi-source Helm application, not its values repository', () => {
    const app = testApplication({
      multiSource: true,
      sources: [
        {
          repoURL: 'https://github.com/acme/grafana-values.git',
          targetRevision: 'main',
          ref: 'values',
          type: 'directory',
        },
        {
          repoURL: 'https://grafana.github.io/helm-charts',
          chart: 'grafana',
          targetRevision: '8.5.1',
          type: 'helm',
        },
      ],
      sync: {
        status: 'Synced',
        revisions: ['c0ffee0000000000000000000000000000000000', '8.5.1'],
      },
      history: [],
    });
    const deployed = deployedRevision(app);
    expect(deployed.revision).toBe('8.5.1');
    expect(deployed.source?.chart).toBe('grafana');
    expect(deployed.revisions).toEqual([
      'c0ffee0000000000000000000000000000000000',
      '8.5.1',
    ]);
    expect(deployed.desired).toBe(false);
  });

  it('says when it only knows what Git wants', () => {
    const app = testApplication({
      sync: {
        status: 'OutOfSync',
        revision: 'a3689c1aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      },
      history: [],
    });
    expect(deployedRevision(app)).toMatchObject({
      revision: 'a3689c1aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      desired: true,
    });
  });

  describe('on a lean read (no history, as list and watch fields carry it)', () => {
    it('takes what the last successful sync deployed over what Git wants', () => {
      const app = testApplication({
        sync: { status: 'OutOfSync', revision: 'a3689c1' },
        operation: { phase: 'Succeeded', revision: '1ae088f' },
        history: [],
      });
      expect(deployedRevision(app)).toMatchObject({
        revision: '1ae088f',
        desired: false,
      });
    });

    it('reads every source of a multi-source application from its last sync', () => {
      const app = testApplication({
        multiSource: true,
        sources: [
          {
            repoURL: 'https://grafana.github.io/helm-charts',
            chart: 'grafana',
            targetRevision: '8.5.1',
            type: 'helm',
          },
          {
            repoURL: 'https://github.com/acme/observability-values.git',
            targetRevision: 'main',
            ref: 'values',
            type: 'directory',
          },
        ],
        sync: { status: 'Synced' },
        operation: { phase: 'Succeeded', revisions: ['8.5.1', '07543d2'] },
        history: [],
      });
      expect(deployedRevision(app)).toMatchObject({
        revision: '8.5.1',
        revisions: ['8.5.1', '07543d2'],
        desired: false,
      });
    });

    it('prefers the revision a Synced application is compared at', () => {
      const app = testApplication({
        sync: { status: 'Synced', revision: 'bbbbbbb' },
        operation: { phase: 'Succeeded', revision: 'main' },
        history: [],
      });
      expect(deployedRevision(app).revision).toBe('bbbbbbb');
    });

    it.each([
      ['a failed sync', { phase: 'Failed' as const, revision: '93b1d7d' }],
      [
        'a dry run',
        { phase: 'Succeeded' as const, revision: '93b1d7d', dryRun: true },
      ],
      ['a running sync', { phase: 'Running' as const, revision: '93b1d7d' }],
    ])('does not count %s as deployed', (_, operation) => {
      const app = testApplication({
        sync: { status: 'OutOfSync', revision: '93b1d7d' },
        operation,
        history: [],
      });
      expect(deployedRevision(app)).toMatchObject({
        revision: '93b1d7d',
        desired: true,
      });
    });
  });
});
