import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { application, entityApplications } from '../../__testUtils__/fixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { EntityGitOpsContent } from '../EntityGitOpsContent';

const REPO = 'https://github.com/acme/payments-deploy';
const DRY = 'd1d2d3d4d5d6d7d8d9d0d1d2d3d4d5d6d7d8d9d0';
const HYDRATED = 'e1e2e3e4e5e6e7e8e9e0e1e2e3e4e5e6e7e8e9e0';
const NEXT_DRY = 'f1f2f3f4f5f6f7f8f9f0f1f2f3f4f5f6f7f8f9f0';
const FAILURE =
  'failed to hydrate: `kustomize build apps/payments` failed: replicas: invalid value "three"';

/** An application the source hydrator renders, as the providers normalize it. */
function hydrated(
  overrides: Partial<GitOpsApplication>,
  phase: 'Hydrated' | 'Failed',
): GitOpsApplication {
  return application({
    sources: [
      {
        repoURL: REPO,
        path: 'payments',
        targetRevision: 'environments/dev',
        type: 'directory',
      },
    ],
    sync: { status: 'Synced', revision: HYDRATED },
    history: [],
    operation: { phase: 'Succeeded', revision: HYDRATED },
    sourceHydrator: {
      drySource: {
        repoURL: REPO,
        targetRevision: 'main',
        path: 'apps/payments',
      },
      syncSource: {
        repoURL: REPO,
        targetBranch: 'environments/dev',
        path: 'payments',
      },
      hydrateTo: { targetBranch: 'environments/dev-next' },
      lastSuccessfulOperation: { drySHA: DRY, hydratedSHA: HYDRATED },
      currentOperation:
        phase === 'Failed'
          ? {
              phase,
              message: FAILURE,
              drySHA: NEXT_DRY,
              startedAt: '2024-05-01T11:00:00Z',
              finishedAt: '2024-05-01T11:00:02Z',
            }
          : { phase, drySHA: DRY, hydratedSHA: HYDRATED },
    },
    ...overrides,
  });
}

const argoApp = hydrated({}, 'Hydrated');
const harnessApp = hydrated(
  {
    agentId: 'harness-eu',
    agentKind: 'harness',
    name: 'payments-prod',
    environment: 'prod',
    notice: {
      content: 'Payments moves to v3 on Monday',
      severity: 'warning',
      permanent: true,
      scope: 'both',
    },
  },
  'Failed',
);

const api = testGitOpsApi({
  getEntityApplications: async () => ({
    ...entityApplications,
    environments: entityApplications.environments.map(group => {
      if (group.name === 'dev') return { ...group, applications: [argoApp] };
      if (group.name === 'prod') {
        return { ...group, applications: [harnessApp] };
      }
      return group;
    }),
  }),
  getApplication: async ref =>
    ref.name === harnessApp.name ? harnessApp : argoApp,
});

describe('applications the source hydrator renders, on the entity tab', () => {
  it('shows the dry commit as the release, linked, with the hydrated commit beside it', async () => {
    await renderWithEntity(<EntityGitOpsContent />, { api });
    const matrix = await screen.findByRole('table', {
      name: 'Environment matrix',
    });
    const dev = within(matrix).getAllByRole('link', {
      name: /^Commit d1d2d3d/,
    });
    expect(dev[0]).toHaveAttribute('href', `${REPO}/commit/${DRY}`);
    expect(
      within(matrix).getAllByRole('link', { name: /^Commit e1e2e3e/ })[0],
    ).toHaveAttribute('href', `${REPO}/commit/${HYDRATED}`);
    // the notice is marked where the application is listed
    expect(
      within(matrix).getByRole('button', {
        name: 'Notice (warning): Payments moves to v3 on Monday',
      }),
    ).toBeInTheDocument();
  });

  it("opens both sources, the current hydration and a failure's message (a Harness agent)", async () => {
    await renderWithEntity(<EntityGitOpsContent />, { api });
    const matrix = await screen.findByRole('table', {
      name: 'Environment matrix',
    });
    await userEvent.click(
      within(matrix).getByRole('button', { name: /^Open payments-prod / }),
    );
    const hydrator = await screen.findByLabelText('Source hydrator');
    expect(hydrator.textContent).toContain('apps/payments @ main');
    expect(hydrator.textContent).toContain(
      'syncs environments/dev · payments · staged on environments/dev-next',
    );
    expect(within(hydrator).getByText('Failed')).toBeInTheDocument();
    expect(
      within(hydrator).getByRole('link', { name: /^Commit f1f2f3f/ }),
    ).toBeInTheDocument();
    expect(within(hydrator).getByRole('status').textContent).toContain(
      `Hydration failed at`,
    );
    expect(within(hydrator).getByRole('status').textContent).toContain(FAILURE);
    // a permanent notice: a banner that cannot be dismissed
    const banner = screen.getByLabelText('Application notice');
    expect(banner.textContent).toContain('Payments moves to v3 on Monday');
    expect(within(banner).queryByRole('button')).toBeNull();
  });
});
