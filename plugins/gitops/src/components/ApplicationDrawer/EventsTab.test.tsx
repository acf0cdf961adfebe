import { screen, within } from '@testing-library/react';
import { devApp, entityRef } from '../../__testUtils__/fixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { toEntityApplicationRef } from '../../lib/entityApplicationRef';
import { EventsTab } from './EventsTab';

describe('EventsTab', () => {
  it('lists a refused operation with who asked and why it was refused', async () => {
    const getApplicationEvents = jest.fn(async () => ({
      audit: [
        {
          id: 'audit-refused',
          actor: 'user:default/mallory',
          entityRef,
          agentId: devApp.agentId,
          application: devApp.name,
          action: 'sync' as const,
          parameters: { prune: true },
          outcome: 'refused' as const,
          message:
            'Not allowed: gitops.application.sync on component:default/payments',
          startedAt: '2024-05-02T09:00:01Z',
          finishedAt: '2024-05-02T09:00:01Z',
        },
      ],
      drift: [],
    }));
    await renderWithEntity(
      <EventsTab app={toEntityApplicationRef(entityRef, devApp)} />,
      { api: testGitOpsApi({ getApplicationEvents }) },
    );
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByText('user:default/mallory')).toBeInTheDocument();
    expect(within(row).getByText('refused')).toBeInTheDocument();
    expect(
      within(row).getByText(
        'Not allowed: gitops.application.sync on component:default/payments',
      ),
    ).toBeInTheDocument();
  });

  it('shows the reason given for a sync policy change where there is no outcome message', async () => {
    const getApplicationEvents = jest.fn(async () => ({
      audit: [
        {
          id: 'audit-policy',
          actor: 'user:default/guest',
          entityRef,
          agentId: devApp.agentId,
          application: devApp.name,
          action: 'syncpolicy.update' as const,
          parameters: {
            reason: 'INC-42: hotfix by hand',
            before: { automated: true, prune: true, selfHeal: false },
            after: { automated: false, prune: false, selfHeal: false },
          },
          outcome: 'succeeded' as const,
          startedAt: '2024-05-02T09:00:01Z',
          finishedAt: '2024-05-02T09:00:01Z',
        },
      ],
      drift: [],
    }));
    await renderWithEntity(
      <EventsTab app={toEntityApplicationRef(entityRef, devApp)} />,
      { api: testGitOpsApi({ getApplicationEvents }) },
    );
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByText('syncpolicy.update')).toBeInTheDocument();
    expect(within(row).getByText('INC-42: hotfix by hand')).toBeInTheDocument();
  });
});
