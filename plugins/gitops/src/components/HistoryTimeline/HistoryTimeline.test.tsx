import { screen, within } from '@testing-library/react';
import { devApp, entityRef, revisions } from '../../__testUtils__/fixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { toApplicationRef } from '../../lib/applicationRef';
import { HistoryTimeline } from './HistoryTimeline';

describe('HistoryTimeline', () => {
  it('links every deployment to its commit and shows each signature state', async () => {
    await renderWithEntity(
      <HistoryTimeline
        app={toApplicationRef(entityRef, devApp)}
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
    const getAuditEvents = jest.fn(async () => [
      {
        id: 'audit-1',
        actor: 'user:default/jane.doe',
        entityRef,
        agentId: devApp.agentId,
        application: devApp.name,
        action: 'rollback' as const,
        parameters: { id: 1 },
        outcome: 'succeeded' as const,
        startedAt: '2024-05-02T09:00:01Z',
      },
    ]);
    await renderWithEntity(
      <HistoryTimeline
        app={toApplicationRef(entityRef, rolledBack)}
        application={rolledBack}
      />,
      { api: testGitOpsApi({ getAuditEvents }) },
    );
    expect(
      await screen.findByText(
        'asked by jane.doe through the portal (rollback)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('by admin')).toBeInTheDocument();
    // the earlier deployments were not asked for through the portal
    expect(screen.getAllByText(/asked by/)).toHaveLength(1);
    expect(getAuditEvents).toHaveBeenCalledWith({
      agent: devApp.agentId,
      application: devApp.name,
      limit: 100,
    });
  });
});
