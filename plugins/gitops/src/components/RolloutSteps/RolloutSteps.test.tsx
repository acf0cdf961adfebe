import type { GitOpsApplicationSet } from '@gitops-suite/plugin-gitops-common';
import { renderInTestApp } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
import { devApp, entityRef } from '../../__testUtils__/fixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { ApplicationSetTab } from '../ApplicationDrawer/ApplicationSetTab';
import { ApplicationsTable } from '../ApplicationsTable';
import { MatrixCellEntry } from '../EnvironmentMatrix/MatrixCellEntry';
import { RolloutSteps } from './RolloutSteps';
import { rolloutPlaceOf, rolloutPlaces } from './rolloutPlaces';

const rollingSet: GitOpsApplicationSet = {
  agentId: 'dev-agent',
  name: 'payments',
  generators: [{ kind: 'list', summary: '3 element(s)', elements: 3 }],
  template: {},
  applications: ['payments-dev', 'payments-qa', 'payments-prod'],
  resourcesCount: 3,
  health: { status: 'Progressing' },
  strategy: {
    type: 'RollingSync',
    steps: [
      {
        step: 1,
        matchExpressions: [{ key: 'env', operator: 'In', values: ['dev'] }],
      },
      {
        step: 2,
        matchExpressions: [
          { key: 'env', operator: 'In', values: ['qa', 'prod'] },
        ],
        maxUpdate: '50%',
      },
    ],
  },
  applicationStatus: [
    {
      application: 'payments-dev',
      status: 'Progressing',
      step: 1,
      message:
        'Application resource became Progressing, updating status from Pending to Progressing.',
      targetRevisions: ['4b3c2a1'],
    },
    {
      application: 'payments-qa',
      status: 'Waiting',
      step: 2,
      message: 'Application has pending changes, setting status to Waiting.',
    },
    { application: 'payments-prod', status: 'Healthy', step: 2 },
  ],
};

describe('RolloutSteps', () => {
  it('shows each step with its match expressions, maxUpdate and applications', async () => {
    await renderInTestApp(<RolloutSteps set={rollingSet} />);
    const first = screen.getByRole('region', { name: 'Step 1' });
    expect(
      within(first).getByText('Step 1: env In (dev), all at once'),
    ).toBeInTheDocument();
    expect(within(first).getByText('payments-dev')).toBeInTheDocument();
    expect(within(first).getByText('Progressing')).toBeInTheDocument();
    expect(within(first).getByText(/revision 4b3c2a1/)).toBeInTheDocument();

    const second = screen.getByRole('region', { name: 'Step 2' });
    expect(
      within(second).getByText(
        'Step 2: env In (qa, prod), at most 50% at a time',
      ),
    ).toBeInTheDocument();
    expect(within(second).getByText('Waiting')).toBeInTheDocument();
    expect(within(second).getByText('Healthy')).toBeInTheDocument();
    expect(screen.getByText('3 application(s)')).toBeInTheDocument();
  });

  it('shows nothing for a set that syncs all at once', async () => {
    const { strategy, applicationStatus, ...plain } = rollingSet;
    await renderInTestApp(<RolloutSteps set={plain} />);
    expect(screen.queryByRole('region', { name: 'Rollout' })).toBeNull();
  });

  it('is part of the ApplicationSet tab of the drawer', async () => {
    const api = testGitOpsApi({
      getEntityApplicationSets: async () => ({
        items: [rollingSet],
        errors: [],
      }),
    });
    await renderWithEntity(
      <ApplicationSetTab entityRef={entityRef} application={devApp} />,
      { api },
    );
    expect(
      await screen.findByRole('region', { name: 'Step 2' }),
    ).toBeInTheDocument();
  });

  it('marks a matrix application waiting for its step, and no healthy one', async () => {
    const places = rolloutPlaces([rollingSet]);
    const qa = { ...devApp, name: 'payments-qa', key: 'dev-agent/payments-qa' };
    await renderInTestApp(
      <MatrixCellEntry
        app={qa}
        showName={false}
        onSelect={() => {}}
        rollout={rolloutPlaceOf(places, qa)}
      />,
    );
    expect(screen.getByText('step 2/2 · Waiting')).toBeInTheDocument();
    const prod = rolloutPlaceOf(places, {
      agentId: 'dev-agent',
      name: 'payments-prod',
    });
    expect(prod).toMatchObject({ status: 'Healthy', step: 2, steps: 2 });
  });

  it("names the RollingSync that syncs an application whose own policy is manual, in the table's policy", async () => {
    const places = rolloutPlaces([rollingSet]);
    const manual = { ...devApp.syncPolicy, automated: false, prune: false };
    const qa = {
      ...devApp,
      name: 'payments-qa',
      key: 'dev-agent/payments-qa',
      syncPolicy: manual,
    };
    const other = {
      ...devApp,
      name: 'ledger-dev',
      key: 'dev-agent/ledger-dev',
      syncPolicy: manual,
    };
    await renderInTestApp(
      <ApplicationsTable
        applications={[qa, other]}
        onSelect={() => {}}
        rollouts={places}
      />,
    );
    const table = screen.getByRole('table', { name: 'Applications' });
    const row = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find(r => r.textContent?.includes(name))!;
    expect(
      within(row('payments-qa')).getByText('RollingSync').closest('[title]'),
    ).toHaveAttribute(
      'title',
      'Synced step by step by ApplicationSet payments',
    );
    expect(within(row('payments-qa')).queryByText('manual')).toBeNull();
    expect(within(row('ledger-dev')).getByText('manual')).toBeInTheDocument();
  });
});
