import {
  GitOpsApplication,
  HistoryEntry,
} from '@gitops-suite/plugin-gitops-common';
import { promotionEnvironments as environments } from '../__testUtils__/deliveryFixtures';
import { computePromotionSteps } from './computePromotionInsight';
import { promotionRepoUrl, repoUrlPickerValue } from './repoUrlPickerValue';

function app(
  environment: string,
  revision: string,
  history: HistoryEntry[],
  images: string[] = [],
): GitOpsApplication {
  return {
    key: `agent:/svc-${environment}`,
    agentId: 'agent',
    agentKind: 'argocd',
    name: `svc-${environment}`,
    project: 'default',
    labels: {},
    annotations: {},
    sources: [
      { repoURL: 'https://github.com/acme/svc-deploy.git', type: 'kustomize' },
    ],
    multiSource: false,
    destination: {},
    environment,
    service: 'svc',
    sync: { status: 'Synced', revision },
    health: { status: 'Healthy' },
    // newest first, as providers return it
    history: [...history].sort((a, b) => b.id - a.id),
    images,
    syncPolicy: {
      automated: true,
      prune: true,
      selfHeal: false,
      syncOptions: [],
    },
  };
}

const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}T12:00:00Z`;
const now = new Date('2026-11-22T12:00:00Z');

describe('computePromotionSteps', () => {
  it('says prod is two revisions behind qa, since when, and how to promote', () => {
    const result = computePromotionSteps({
      applications: [
        // listed out of promotion order on purpose
        app(
          'prod',
          'r2',
          [
            { id: 1, revision: 'r1', deployedAt: day(10) },
            { id: 2, revision: 'r2', deployedAt: day(13) },
          ],
          ['ghcr.io/acme/svc:1.2.0'],
        ),
        app(
          'qa',
          'r4',
          [
            { id: 7, revision: 'r2', deployedAt: day(12) },
            { id: 8, revision: 'r3', deployedAt: day(15) },
            { id: 9, revision: 'r3', deployedAt: day(16) },
            { id: 10, revision: 'r4', deployedAt: day(18) },
          ],
          ['ghcr.io/acme/svc:1.4.0'],
        ),
        app(
          'dev',
          'r4',
          [{ id: 3, revision: 'r4', deployedAt: day(17) }],
          ['ghcr.io/acme/svc:1.4.0'],
        ),
      ],
      deployments: [],
      environments,
      repoUrl: 'github.com?owner=acme&repo=svc-deploy',
      now,
    });
    expect(
      result.environments.map(e => [e.environment, e.revision, e.tag, e.image]),
    ).toEqual([
      ['dev', 'r4', '1.4.0', 'ghcr.io/acme/svc'],
      ['qa', 'r4', '1.4.0', 'ghcr.io/acme/svc'],
      ['prod', 'r2', '1.2.0', 'ghcr.io/acme/svc'],
    ]);
    expect(result.environments[1].revisions).toEqual(['r4', 'r3', 'r2']);
    expect(result.environments[1].deployedAt).toBe(day(18));
    expect(result.steps).toEqual([
      {
        from: 'dev',
        to: 'qa',
        status: 'in-sync',
        revisionsBehind: 0,
        fromRevision: 'r4',
        toRevision: 'r4',
      },
      {
        from: 'qa',
        to: 'prod',
        status: 'behind',
        fromRevision: 'r4',
        toRevision: 'r2',
        revisionsBehind: 2,
        behindSince: day(15),
        behindForSeconds: 7 * 86400,
        promotion: {
          environment: 'prod',
          tag: '1.4.0',
          image: 'ghcr.io/acme/svc',
          repoUrl: 'github.com?owner=acme&repo=svc-deploy',
        },
      },
    ]);
  });

  it('counts by commit date when the earlier environment never ran the revision, and sees ahead', () => {
    const result = computePromotionSteps({
      applications: [
        app('qa', 'r5', [{ id: 1, revision: 'r5', deployedAt: day(20) }]),
        app('prod', 'r1', [{ id: 1, revision: 'r1', deployedAt: day(5) }]),
      ],
      deployments: [
        {
          appKey: 'agent:/svc-qa',
          agentId: 'agent',
          application: 'svc-qa',
          environment: 'qa',
          historyId: 0,
          revision: 'r4',
          deployedAt: day(19),
          commitDate: day(18),
          revisionChanged: true,
          rollback: false,
        },
        {
          appKey: 'agent:/svc-qa',
          agentId: 'agent',
          application: 'svc-qa',
          environment: 'qa',
          historyId: 1,
          revision: 'r5',
          deployedAt: day(20),
          commitDate: day(19),
          revisionChanged: true,
          rollback: false,
        },
        {
          appKey: 'agent:/svc-prod',
          agentId: 'agent',
          application: 'svc-prod',
          environment: 'prod',
          historyId: 1,
          revision: 'r1',
          deployedAt: day(5),
          commitDate: day(4),
          revisionChanged: true,
          rollback: false,
        },
      ],
      environments,
      now,
    });
    expect(result.steps[0]).toMatchObject({
      status: 'behind',
      revisionsBehind: 2,
      behindSince: day(19),
      promotion: { environment: 'prod', tag: 'r5' },
    });
    expect(result.steps[0].promotion?.repoUrl).toBeUndefined();

    const ahead = computePromotionSteps({
      applications: [
        app('qa', 'r1', [{ id: 1, revision: 'r1', deployedAt: day(5) }]),
        app('prod', 'r2', [
          { id: 1, revision: 'r1', deployedAt: day(6) },
          { id: 2, revision: 'r2', deployedAt: day(7) },
        ]),
      ],
      deployments: [],
      environments,
      now,
    });
    expect(ahead.steps[0]).toEqual({
      from: 'qa',
      to: 'prod',
      status: 'ahead',
      fromRevision: 'r1',
      toRevision: 'r2',
    });
  });

  it('compares image tags when environments run one revision of one repository (an overlay per environment)', () => {
    const result = computePromotionSteps({
      applications: [
        app(
          'dev',
          'r1',
          [{ id: 1, revision: 'r1' }],
          ['ghcr.io/acme/svc:2.4.10'],
        ),
        app(
          'qa',
          'r1',
          [{ id: 1, revision: 'r1' }],
          ['ghcr.io/acme/svc:2.4.10'],
        ),
        app(
          'prod',
          'r1',
          [{ id: 1, revision: 'r1' }],
          ['ghcr.io/acme/svc:2.4.5'],
        ),
      ],
      environments,
      deployments: [],
      repoUrl: 'github.com?owner=acme&repo=svc-deploy',
      now,
    });
    expect(
      result.steps.map(s => [s.from, s.to, s.status, s.promotion]),
    ).toEqual([
      ['dev', 'qa', 'in-sync', undefined],
      [
        'qa',
        'prod',
        'behind',
        {
          environment: 'prod',
          tag: '2.4.10',
          image: 'ghcr.io/acme/svc',
          repoUrl: 'github.com?owner=acme&repo=svc-deploy',
        },
      ],
    ]);
    const reversed = computePromotionSteps({
      applications: [
        app(
          'qa',
          'r1',
          [{ id: 1, revision: 'r1' }],
          ['ghcr.io/acme/svc:2.4.5'],
        ),
        app(
          'prod',
          'r1',
          [{ id: 1, revision: 'r1' }],
          ['ghcr.io/acme/svc:2.4.10'],
        ),
      ],
      environments,
      deployments: [],
      now,
    });
    expect(reversed.steps.map(s => s.status)).toEqual(['ahead']);
  });

  it('leaves preview environments out of the chain (no "preview -> dev" step)', () => {
    const preview = {
      ...app('preview', 'r1', [{ id: 1, revision: 'r1' }]),
      labels: { 'gitops/pull-request': '42' },
    };
    const result = computePromotionSteps({
      applications: [
        preview,
        app('dev', 'r2', [
          { id: 1, revision: 'r1' },
          { id: 2, revision: 'r2' },
        ]),
        app('prod', 'r2', [{ id: 1, revision: 'r2' }]),
      ],
      environments: [{ name: 'preview', order: 0 }, ...environments],
      deployments: [],
      now,
    });
    expect(result.environments.map(e => e.environment)).toEqual([
      'dev',
      'prod',
    ]);
    expect(result.steps.map(s => `${s.from} -> ${s.to}`)).toEqual([
      'dev -> prod',
    ]);
  });
});

describe('repoUrlPickerValue', () => {
  it('turns repository URLs into the RepoUrlPicker form', () => {
    expect(
      repoUrlPickerValue('https://github.com/acme/payments-api-deploy.git'),
    ).toBe('github.com?owner=acme&repo=payments-api-deploy');
    expect(
      repoUrlPickerValue('url:https://github.com/acme/svc/tree/main/'),
    ).toBe('github.com?owner=acme&repo=svc');
    expect(repoUrlPickerValue('https://github.com/acme')).toBeUndefined();
    expect(repoUrlPickerValue('git@github.com:acme/x.git')).toBeUndefined();
  });

  it("prefers the entity's source location", () => {
    const entity = (annotations: Record<string, string>) => ({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Component',
      metadata: { name: 'svc', annotations },
    });
    const apps = ['https://github.com/acme/svc-deploy.git'];
    expect(
      promotionRepoUrl(
        entity({
          'backstage.io/source-location': 'url:https://github.com/acme/svc/',
        }),
        apps,
      ),
    ).toBe('github.com?owner=acme&repo=svc');
    expect(promotionRepoUrl(entity({}), apps)).toBe(
      'github.com?owner=acme&repo=svc-deploy',
    );
  });
});
