import { InMemoryCatalogClient } from '@backstage/catalog-client/testUtils';
import type {
  AuditEvent,
  DriftEvent,
} from '@gitops-suite/plugin-gitops-common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { serviceComponent } from '../../__testUtils__/catalog';
import { auditCsv } from './AuditView';
import { GitOpsFleetPage } from './GitOpsFleetPage';
import { AUDIT_PAGE_SIZE } from './useNewestFirstPages';

const sync: AuditEvent = {
  id: 'a1',
  actor: 'user:default/alice',
  entityRef: 'component:default/payments',
  agentId: 'prod-agent',
  application: 'payments-prod',
  action: 'sync',
  parameters: { dryRun: true },
  outcome: 'refused',
  message: 'outside the sync window, "freeze"',
  startedAt: '2026-11-22T10:00:00.000Z',
  origin: 'portal',
  environment: 'prod',
};
const cli: AuditEvent & { appNamespace: string } = {
  id: 'a2',
  actor: 'bob',
  agentId: 'dev-agent',
  application: 'payments-dev',
  appNamespace: 'team-a',
  action: 'sync',
  parameters: { historyId: 4 },
  outcome: 'succeeded',
  startedAt: '2026-11-22T09:00:00.000Z',
  finishedAt: '2026-11-22T09:00:05.000Z',
  origin: 'agent',
  environment: 'dev',
};
const drift: DriftEvent = {
  id: 'd1',
  agentId: 'dev-agent',
  application: 'payments-dev',
  environment: 'dev',
  startedAt: '2026-11-22T08:00:00.000Z',
  syncStatus: 'OutOfSync',
};

const catalogApi = new InMemoryCatalogClient({
  entities: [
    {
      ...serviceComponent('payments', {
        annotations: { 'gitops/service': 'payments' },
      }),
      relations: [{ type: 'ownedBy', targetRef: 'group:default/team-a' }],
    },
  ],
});

function render(api = testGitOpsApi(), route = '/?view=audit') {
  return renderWithEntity(<GitOpsFleetPage />, {
    api,
    catalogApi,
    routeEntries: [route],
  });
}

describe('the Audit view of the fleet page', () => {
  it('is a tab panel naming who did what to which application, and how it ended', async () => {
    const getAuditEvents = jest.fn(async () => [sync, cli]);
    const getDriftEvents = jest.fn(async () => [drift]);
    await render(testGitOpsApi({ getAuditEvents, getDriftEvents }));

    const tab = screen.getByRole('tab', { name: 'Audit' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Audit' });
    const table = await within(panel).findByRole('table', {
      name: 'Operations',
    });
    const refused = within(table).getByRole('row', { name: /alice/ });
    expect(refused).toHaveTextContent('sync (dry run)');
    expect(refused).toHaveTextContent('prod-agent');
    expect(refused).toHaveTextContent('refused');
    expect(refused).toHaveTextContent('outside the sync window');
    const outside = within(table).getByRole('row', { name: /bob/ });
    expect(outside).toHaveTextContent('bob (outside the portal)');
    expect(outside).toHaveTextContent('team-a/payments-dev');
    expect(outside).not.toHaveTextContent('dry run');
    expect(
      within(panel).getByRole('table', { name: 'Drift' }),
    ).toHaveTextContent('ongoing');
    expect(getAuditEvents).toHaveBeenCalledWith({ limit: AUDIT_PAGE_SIZE });
  });

  it('narrows by team, agent, environment and outcome through the API, kept in the URL', async () => {
    const getAuditEvents = jest.fn(async () => [sync]);
    const getDriftEvents = jest.fn(async () => []);
    await render(
      testGitOpsApi({ getAuditEvents, getDriftEvents }),
      '/?view=audit&auditAgent=prod-agent',
    );
    await waitFor(() =>
      expect(getAuditEvents).toHaveBeenLastCalledWith({
        agent: 'prod-agent',
        limit: AUDIT_PAGE_SIZE,
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: /Team/ }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'group:default/team-a' }),
    );
    await userEvent.click(screen.getByRole('button', { name: /Outcome/ }));
    await userEvent.click(screen.getByRole('option', { name: 'failed' }));
    await waitFor(() =>
      expect(getAuditEvents).toHaveBeenLastCalledWith({
        agent: 'prod-agent',
        owner: 'group:default/team-a',
        outcome: 'failed',
        limit: AUDIT_PAGE_SIZE,
      }),
    );
    // drift has no outcome
    expect(getDriftEvents).toHaveBeenLastCalledWith({
      agent: 'prod-agent',
      owner: 'group:default/team-a',
      limit: AUDIT_PAGE_SIZE,
    });
  });

  it('reads older entries a page at a time, from before the last one shown', async () => {
    const page = Array.from({ length: AUDIT_PAGE_SIZE }, (_, i) => ({
      ...sync,
      id: `p${i}`,
      startedAt: new Date(Date.UTC(2026, 10, 22, 10, 0, 60 - i)).toISOString(),
    }));
    const getAuditEvents = jest.fn(
      async (query?: { before?: string }): Promise<AuditEvent[]> =>
        query?.before ? [cli] : page,
    );
    await render(testGitOpsApi({ getAuditEvents }));
    const older = await screen.findByRole('button', { name: 'Load older' });
    await userEvent.click(older);
    expect(
      await screen.findByText('bob (outside the portal)'),
    ).toBeInTheDocument();
    expect(getAuditEvents).toHaveBeenLastCalledWith({
      before: page[AUDIT_PAGE_SIZE - 1].startedAt,
      limit: AUDIT_PAGE_SIZE,
    });
    expect(
      screen.getAllByRole('button', { name: 'Download CSV' })[0],
    ).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
  });

  it('downloads what it shows as CSV with a header row', async () => {
    const blobs: Blob[] = [];
    const created = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:audit';
    });
    Object.assign(URL, {
      createObjectURL: created,
      revokeObjectURL: jest.fn(),
    });
    await render(testGitOpsApi({ getAuditEvents: async () => [sync, cli] }));
    await screen.findByRole('table', { name: 'Operations' });
    await userEvent.click(
      screen.getAllByRole('button', { name: 'Download CSV' })[0],
    );
    expect(created).toHaveBeenCalledTimes(1);
    const text = await new Response(blobs[0]).text();
    expect(text).toBe(auditCsv([sync, cli]));
    expect(text.split('\r\n')).toEqual([
      'Started,Finished,Who,Source,What,Agent,Application,Environment,Entity,Outcome,Reason',
      '2026-11-22T10:00:00.000Z,,user:default/alice,portal,sync (dry run),prod-agent,payments-prod,prod,component:default/payments,refused,"outside the sync window, ""freeze"""',
      '2026-11-22T09:00:00.000Z,2026-11-22T09:00:05.000Z,bob,agent,sync,dev-agent,team-a/payments-dev,dev,,succeeded,',
      '',
    ]);
  });
});
