import { screen, within } from '@testing-library/react';
import type { AuditEvent } from '@gitops-suite/plugin-gitops-common';
import { devApp, entityRef } from '../../__testUtils__/fixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { toEntityApplicationRef } from '../../lib/entityApplicationRef';
import { EventsTab } from './EventsTab';

/**
 * Renders the tab of the dev application with one recorded operation on it
 * (`fields` say which) and no drift; resolves to the operation's table row.
 */
async function renderAuditEntry(
  fields: Pick<
    AuditEvent,
    'id' | 'actor' | 'action' | 'parameters' | 'outcome'
  > &
    Partial<AuditEvent>,
) {
  const getApplicationEvents = jest.fn(async () => ({
    audit: [
      {
        entityRef,
        agentId: devApp.agentId,
        application: devApp.name,
        startedAt: '2024-05-02T09:00:01Z',
        finishedAt: '2024-05-02T09:00:01Z',
        ...fields,
      },
    ],
    drift: [],
  }));
  await renderWithEntity(
    <EventsTab app={toEntityApplicationRef(entityRef, devApp)} />,
    { api: testGitOpsApi({ getApplicationEvents }) },
  );
  const table = await screen.findByRole('table', { name: 'Audit entries' });
  return within(table).getAllByRole('row')[1];
}

describe('EventsTab', () => {
  it('lists a refused operation with who asked and why it was refused', async () => {
    const row = await renderAuditEntry({
      id: 'audit-refused',
      actor: 'user:default/mallory',
      action: 'sync',
      parameters: { prune: true },
      outcome: 'refused',
      message:
        'Not allowed: gitops.application.sync on component:default/payments',
    });
    expect(within(row).getByText('user:default/mallory')).toBeInTheDocument();
    expect(within(row).getByText('refused')).toBeInTheDocument();
    expect(
      within(row).getByText(
        'Not allowed: gitops.application.sync on component:default/payments',
      ),
    ).toBeInTheDocument();
  });

  it('shows the reason given for a sync policy change where there is no outcome message', async () => {
    const row = await renderAuditEntry({
      id: 'audit-policy',
      actor: 'user:default/guest',
      action: 'syncpolicy.update',
      parameters: {
        reason: 'INC-42: hotfix by hand',
        before: { automated: true, prune: true, selfHeal: false },
        after: { automated: false, prune: false, selfHeal: false },
      },
      outcome: 'succeeded',
    });
    expect(within(row).getByText('syncpolicy.update')).toBeInTheDocument();
    expect(within(row).getByText('INC-42: hotfix by hand')).toBeInTheDocument();
  });
});
