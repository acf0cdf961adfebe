import { screen, within } from '@testing-library/react';
import { devApp, entityRef, revisions } from '../../__testUtils__/fixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { toEntityApplicationRef } from '../../lib/entityApplicationRef';
import { HistoryTimeline } from './HistoryTimeline';

describe('HistoryTimeline', () => {
  it('links every deployment to its commit and shows each signature state', async () => {
    await renderWithEntity(
      <HistoryTimeline
        app={toEntityApplicationRef(entityRef, devApp)}
        application={devApp}
      />,
    );
    const history = screen.getByRole('list', { name: 'Deployment history' });
    const links = within(history).getAllByRole('link', { name: /^Commit / });
    expect(links.map(link => link.getAttribute('href'))).toEqual([
      `https://github.com/acme/payments-deploy/commit/${revisions.SHA_B}`,
      `https://github.com/acme/payments-deploy/commit/${revisions.SHA_A}`,
    ]);
    // SHA_B is signed, SHA_A unsigned in the test API: two different states
    expect(await within(history).findByText('signed')).toBeInTheDocument();
    expect(await within(history).findByText('unsigned')).toBeInTheDocument();
    expect(within(history).queryByText('invalid signature')).toBeNull();
  });

  it('shows who asked for a rollback through the portal beside the agent account', async () => {
    const rolledBack = {
      ...devApp,
      history: [
        ...devApp.history,
        {
          id: 3,
          revision: revisions.SHA_A,
          deployStartedAt: '2024-05-02T09:00:03Z',
          deployedAt: '2024-05-02T09:00:20Z',
          initiatedBy: 'admin',
        },
      ],
    };
    const ref = toEntityApplicationRef(entityRef, rolledBack);
    const audit = (action: 'sync' | 'rollback', actor: string, at: string) => ({
      id: `audit-${action}`,
      actor,
      entityRef,
      agentId: devApp.agentId,
      application: devApp.name,
      action,
      parameters: action === 'rollback' ? { id: 1 } : { prune: true },
      outcome: 'succeeded' as const,
      startedAt: at,
      origin: 'portal' as const,
      // the entry the backend linked the request to when it read it
      historyId: 3,
    });
    // the application's own events: what its readers may see
    const getApplicationEvents = jest.fn(async () => ({
      audit: [
        audit('rollback', 'user:default/jane.doe', '2024-05-02T09:00:01Z'),
      ],
      drift: [],
    }));
    // the fleet-wide audit log needs a permission the owner may not hold
    const getAuditEvents = jest.fn(async () => {
      throw new Error('403 gitops.audit.read');
    });
    await renderWithEntity(
      <HistoryTimeline app={ref} application={rolledBack} />,
      { api: testGitOpsApi({ getApplicationEvents, getAuditEvents }) },
    );
    expect(
      await screen.findByText('rolled back by jane.doe through the portal'),
    ).toBeInTheDocument();
    expect(screen.getByText('by admin')).toBeInTheDocument();
    // the earlier deployments were not asked for through the portal
    expect(screen.getAllByText(/through the portal/)).toHaveLength(1);
    expect(getApplicationEvents).toHaveBeenCalledWith(ref);
    expect(getAuditEvents).not.toHaveBeenCalled();
  });

  it('shows the history alone to a reader refused the events', async () => {
    const getApplicationEvents = jest.fn(async () => {
      throw new Error('403 gitops.application.read');
    });
    await renderWithEntity(
      <HistoryTimeline
        app={toEntityApplicationRef(entityRef, devApp)}
        application={devApp}
      />,
      { api: testGitOpsApi({ getApplicationEvents }) },
    );
    const history = screen.getByRole('list', { name: 'Deployment history' });
    expect(
      within(history).getAllByRole('link', { name: /^Commit / }),
    ).toHaveLength(2);
    await new Promise(resolve => setTimeout(resolve, 0));
    expect(getApplicationEvents).toHaveBeenCalled();
    expect(screen.queryByText(/through the portal/)).toBeNull();
  });
});
