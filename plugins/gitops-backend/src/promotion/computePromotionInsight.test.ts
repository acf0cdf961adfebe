import {
  GitOpsApplication,
  HistoryEntry,
} from '@gitops-suite/plugin-gitops-common';
import { promotionEnvironments as environments } from '../testUtils/deliveryFixtures';
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

/** An environment on its one deployment (r1), running svc's image at `tag`. */
const onTag = (environment: string, tag: string) =>
  app(
    environment,
    'r1',
    [{ id: 1, revision: 'r1' }],
    [`ghcr.io/acme/svc:${tag}`],
  );

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
        comparedBy: 'release',
        revisionsBehind: 0,
        fromRevision: 'r4',
        toRevision: 'r4',
      },
      {
        from: 'qa',
        to: 'prod',
        status: 'behind',
        comparedBy: 'release',
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
      comparedBy: 'revision',
      fromRevision: 'r1',
      toRevision: 'r2',
    });
  });

  it('compares image tags when environments run one revision of one repository (an overlay per environment)', () => {
    const result = computePromotionSteps({
      applications: [
        onTag('dev', '2.4.10'),
        onTag('qa', '2.4.10'),
        onTag('prod', '2.4.5'),
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
      applications: [onTag('qa', '2.4.5'), onTag('prod', '2.4.10')],
      environments,
      deployments: [],
      now,
    });
    expect(reversed.steps.map(s => s.status)).toEqual(['ahead']);
  });

  it('compares releases, not commits: a prod-only merge leaves dev and qa, both on 2.4.7, in sync', () => {
    // the merge moved prod's overlay: prod and (auto-synced) dev run the
    // new commit, qa still the old one, and all of dev and qa run 2.4.7
    const result = computePromotionSteps({
      applications: [
        app(
          'dev',
          'r2',
          [
            { id: 1, revision: 'r1', deployedAt: day(10) },
            { id: 2, revision: 'r2', deployedAt: day(12) },
          ],
          ['ghcr.io/acme/svc:2.4.7'],
        ),
        app(
          'qa',
          'r1',
          [{ id: 1, revision: 'r1', deployedAt: day(10) }],
          ['ghcr.io/acme/svc:2.4.7'],
        ),
        app(
          'prod',
          'r2',
          [
            { id: 1, revision: 'r1', deployedAt: day(10) },
            { id: 2, revision: 'r2', deployedAt: day(12) },
          ],
          ['ghcr.io/acme/svc:2.4.7'],
        ),
      ],
      deployments: [],
      environments,
      now,
    });
    expect(
      result.steps.map(s => [s.from, s.to, s.status, s.comparedBy]),
    ).toEqual([
      ['dev', 'qa', 'in-sync', 'release'],
      ['qa', 'prod', 'in-sync', 'release'],
    ]);
    expect(result.steps.some(s => s.promotion)).toBe(false);
  });

  it('promotes the image that is behind, and says "differs" when images disagree in direction or exist on one side only', () => {
    const run = (qa: string[], prod: string[]) =>
      computePromotionSteps({
        applications: [
          app('qa', 'r1', [{ id: 1, revision: 'r1' }], qa),
          app('prod', 'r1', [{ id: 1, revision: 'r1' }], prod),
        ],
        deployments: [],
        environments,
        now,
      }).steps[0];
    expect(
      run(
        ['ghcr.io/acme/svc:2.4.7', 'ghcr.io/acme/worker:1.0.3'],
        ['ghcr.io/acme/svc:2.4.7', 'ghcr.io/acme/worker:1.0.1'],
      ),
    ).toMatchObject({
      status: 'behind',
      comparedBy: 'release',
      promotion: { tag: '1.0.3', image: 'ghcr.io/acme/worker' },
    });
    expect(
      run(
        ['ghcr.io/acme/svc:2.4.7', 'ghcr.io/acme/worker:1.0.1'],
        ['ghcr.io/acme/svc:2.4.6', 'ghcr.io/acme/worker:1.0.3'],
      ).status,
    ).toBe('unknown');
    expect(
      run(['ghcr.io/acme/svc:2.4.7'], ['ghcr.io/acme/other:2.4.7']).status,
    ).toBe('unknown');
  });

  it('compares chart versions of Helm applications, and offers no image promotion for a chart behind', () => {
    const helm = (environment: string, version: string): GitOpsApplication => ({
      ...app(environment, version, [{ id: 1, revision: version }]),
      sources: [
        {
          repoURL: 'https://charts.acme.io',
          chart: 'svc',
          targetRevision: version,
        },
      ] as GitOpsApplication['sources'],
    });
    const result = computePromotionSteps({
      applications: [
        helm('dev', '1.10.0'),
        helm('qa', '1.9.2'),
        helm('prod', '1.10.0'),
      ],
      deployments: [],
      environments,
      now,
    });
    expect(
      result.steps.map(s => [
        s.from,
        s.to,
        s.status,
        s.comparedBy,
        s.promotion,
      ]),
    ).toEqual([
      ['dev', 'qa', 'behind', 'release', undefined],
      ['qa', 'prod', 'ahead', 'release', undefined],
    ]);
  });

  it('falls back to revisions only without images and charts, and to the dry commits where the hydrator renders both', () => {
    const hydrated = (
      environment: string,
      hydratedSHA: string,
      drySHA: string,
    ): GitOpsApplication => ({
      ...app(environment, hydratedSHA, [{ id: 1, revision: hydratedSHA }]),
      sourceHydrator: {
        drySource: { repoURL: 'https://github.com/acme/svc-deploy.git' },
        syncSource: { repoURL: 'https://github.com/acme/svc-deploy.git' },
        lastSuccessfulOperation: { drySHA, hydratedSHA },
      } as GitOpsApplication['sourceHydrator'],
    });
    // each environment's hydrated branch has its own commit: one dry commit is one release
    const same = computePromotionSteps({
      applications: [
        hydrated('qa', 'h-qa', 'dry-1'),
        hydrated('prod', 'h-prod', 'dry-1'),
      ],
      deployments: [],
      environments,
      now,
    });
    expect(same.steps[0]).toMatchObject({
      status: 'in-sync',
      comparedBy: 'revision',
    });
    const plain = computePromotionSteps({
      applications: [
        app('qa', 'r2', [
          { id: 1, revision: 'r1', deployedAt: day(5) },
          { id: 2, revision: 'r2', deployedAt: day(6) },
        ]),
        app('prod', 'r1', [{ id: 1, revision: 'r1', deployedAt: day(5) }]),
      ],
      deployments: [],
      environments,
      now,
    });
    expect(plain.steps[0]).toMatchObject({
      status: 'behind',
      comparedBy: 'revision',
      revisionsBehind: 1,
      promotion: { tag: 'r2' },
    });
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
