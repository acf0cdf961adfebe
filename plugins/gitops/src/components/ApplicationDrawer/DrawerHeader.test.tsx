import { renderInTestApp } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import { application } from '../../__testUtils__/fixtures';
import { DrawerHeader } from './DrawerHeader';

const VALUES_SHA = '07543d2797766c2d26e67d1c5622edf0e5894094';

describe('DrawerHeader', () => {
  it('shows every source of a multi-source Helm application with what each runs', async () => {
    const grafana = application({
      name: 'grafana-prod',
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
      operation: { phase: 'Succeeded', revisions: ['8.5.1', VALUES_SHA] },
      history: [],
    });
    await renderInTestApp(
      <DrawerHeader application={grafana} onClose={jest.fn()} />,
    );
    expect(document.body.textContent).toContain('chart grafana @ 8.5.1');
    expect(document.body.textContent).toContain('$values');
    expect(
      screen.getByRole('link', { name: /observability-values/ }),
    ).toBeInTheDocument();
    // the values repository runs a commit, linked on its Git host
    expect(
      screen.getByRole('link', { name: /Commit 07543d2/ }),
    ).toHaveAttribute(
      'href',
      `https://github.com/acme/observability-values/commit/${VALUES_SHA}`,
    );
  });

  it("names a Harness agent's product and where it sits in its account, and links its UI by name", async () => {
    const app = application({
      agentId: 'harness-eu',
      agentKind: 'harness',
      name: 'payments-gateway-prod',
      uiUrl:
        'https://app.harness.io/ng/account/acct/all/orgs/default/projects/payments/gitops/applications/payments-gateway-prod?agentId=euprod',
    });
    await renderInTestApp(
      <DrawerHeader
        application={app}
        agent={{
          product: 'Harness GitOps',
          scope: [
            { label: 'Account', value: 'acct' },
            { label: 'Project', value: 'payments' },
            { label: 'Agent identifier', value: 'euprod' },
          ],
        }}
        onClose={jest.fn()}
      />,
    );
    expect(
      screen.getByText(
        'Harness GitOps · Account acct · Project payments · Agent identifier euprod',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /^Open in Harness GitOps/ }),
    ).toHaveAttribute('href', app.uiUrl);
  });

  it('says "agent UI" until the agent is known', async () => {
    await renderInTestApp(
      <DrawerHeader application={application()} onClose={jest.fn()} />,
    );
    expect(
      screen.getByRole('link', { name: /^Open in agent UI/ }),
    ).toBeInTheDocument();
  });
});
