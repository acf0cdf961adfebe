import { testApplication } from '../__testUtils__/testApplication';
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
});
