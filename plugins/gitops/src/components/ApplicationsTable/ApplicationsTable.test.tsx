import { renderInTestApp } from '@backstage/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { application, devApp, prodApp } from '../../__testUtils__/fixtures';
import { ApplicationsTable } from './ApplicationsTable';

const qaApp = application({
  agentId: 'qa-agent',
  name: 'payments-qa',
  environment: 'qa',
  lastSyncedAt: '2024-04-29T10:00:00Z',
});

/** Each row's application name (its first cell also links the agent UI). */
function rowNames() {
  const table = screen.getByRole('table', { name: 'Applications' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map(row =>
      within((row as HTMLTableRowElement).cells[0])
        .getAllByRole('button')[0]
        .textContent?.trim(),
    );
}

async function renderTable(onSelect = jest.fn()) {
  await renderInTestApp(
    <ApplicationsTable
      applications={[qaApp, prodApp, devApp]}
      onSelect={onSelect}
    />,
  );
  return onSelect;
}

describe('ApplicationsTable', () => {
  it('sorts a column ascending, then descending, then back to the given order', async () => {
    await renderTable();
    const given = ['payments-qa', 'payments-prod', 'payments-dev'];
    expect(rowNames()).toEqual(given);
    const header = screen.getByRole('button', { name: 'Application' });
    await userEvent.click(header);
    expect(rowNames()).toEqual([
      'payments-dev',
      'payments-prod',
      'payments-qa',
    ]);
    await userEvent.click(header);
    expect(rowNames()).toEqual([
      'payments-qa',
      'payments-prod',
      'payments-dev',
    ]);
    await userEvent.click(header);
    expect(rowNames()).toEqual(given);
  });

  it('sorts by time, not by text, and starts ascending on every new column', async () => {
    await renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'Application' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last sync' }));
    // qa synced on the 29th, prod on the 30th (its history), dev on the 1st
    expect(rowNames()[0]).toBe('payments-qa');
    expect(rowNames()[2]).toBe('payments-dev');
  });

  it('counts the rows the filters leave, and says of how many', async () => {
    await renderTable();
    expect(screen.getByText('Applications (3)')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Applications' });
    const toolbar = table.parentElement!.previousElementSibling as HTMLElement;
    await userEvent.click(
      within(toolbar).getByRole('button', { name: /Health/ }),
    );
    await userEvent.click(screen.getByRole('option', { name: 'Degraded' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(rowNames()).toEqual(['payments-prod']);
    expect(screen.getByText('Applications (1 of 3)')).toBeInTheDocument();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Search applications' }),
      'nothing-like-this',
    );
    expect(screen.getByText('Applications (0 of 3)')).toBeInTheDocument();
    expect(
      screen.getByText('No application matches the filters.'),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Clear filters' }),
    );
    expect(screen.getByText('Applications (3)')).toBeInTheDocument();
  });

  it('opens an application from the keyboard', async () => {
    const onSelect = await renderTable();
    const table = screen.getByRole('table', { name: 'Applications' });
    const open = within(table).getByRole('button', { name: 'payments-prod' });
    open.focus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(
      expect.objectContaining({ key: prodApp.key }),
    );
  });

  it('scrolls inside its card rather than overflowing it', async () => {
    await renderTable();
    const table = screen.getByRole('table', { name: 'Applications' });
    expect(table.parentElement).toHaveStyle({ overflowX: 'auto' });
  });

  it('links the revision to its commit and the application to the agent UI', async () => {
    await renderTable();
    const table = screen.getByRole('table', { name: 'Applications' });
    const row = within(table)
      .getAllByRole('row')
      .find(r => r.textContent?.includes('payments-dev'))!;
    expect(within(row).getByRole('link', { name: /^Commit / })).toHaveAttribute(
      'href',
      `https://github.com/acme/payments-deploy/commit/${devApp.sync.revision}`,
    );
    expect(
      within(row).getByRole('link', {
        name: /^Open payments-dev in the agent UI/,
      }),
    ).toHaveAttribute('href', devApp.uiUrl);
  });
});
