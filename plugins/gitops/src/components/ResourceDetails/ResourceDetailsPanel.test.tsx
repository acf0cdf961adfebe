import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResourceLogLine } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApi, ResourceLogRequest } from '../../api';
import { renderApplicationDrawer } from '../../__testUtils__/renderApplicationDrawer';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';

/** A logs stream that stays open until the page aborts it, as a follow does. */
function followingLogs() {
  const calls: Array<{ request: ResourceLogRequest; signal: AbortSignal }> = [];
  const streamResourceLogs: GitOpsApi['streamResourceLogs'] = (
    _app,
    _resource,
    request,
    onLine,
    signal,
  ) => {
    calls.push({ request, signal });
    onLine({
      entry: {
        pod: 'payments-5d8f-abcde',
        container: request.container,
        timestamp: '2024-05-01T09:00:01Z',
        content: `line from ${request.container}`,
      },
    });
    return new Promise<void>(resolve =>
      signal.addEventListener('abort', () => resolve()),
    );
  };
  return { calls, streamResourceLogs };
}

async function openResource(name: string) {
  await userEvent.click(await screen.findByText(name));
  return screen.findByRole('region', {
    name: `Resource ${name.replace('/', ' ')}`,
  });
}

async function openTab(panel: HTMLElement, name: string) {
  await userEvent.click(
    within(within(panel).getByRole('tablist')).getByRole('tab', { name }),
  );
}

describe('ResourceDetailsPanel (in the drawer)', () => {
  const render = (api: GitOpsApi = testGitOpsApi()) =>
    renderApplicationDrawer({ api });

  it('opens a resource row on its live manifest as YAML, and goes back to the tree', async () => {
    await render();
    const panel = await openResource('Deployment/payments');
    const manifest = await within(panel).findByTestId('resource-manifest');
    await waitFor(() =>
      expect(manifest.textContent).toContain('kind: Deployment'),
    );
    expect(manifest.textContent).toContain('replicas: 2');
    await userEvent.click(
      within(panel).getByRole('button', { name: /Resources/ }),
    );
    expect(await screen.findByText('Service/payments')).toBeInTheDocument();
  });

  it('lists the events of the resource', async () => {
    await render();
    const panel = await openResource('Deployment/payments');
    await openTab(panel, 'Events');
    const table = await within(panel).findByRole('table', {
      name: 'Resource events',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByText('Warning')).toBeInTheDocument();
    expect(within(rows[1]).getByText('BackOff')).toBeInTheDocument();
    expect(within(rows[1]).getByText('7')).toBeInTheDocument();
  });

  it('shows no Logs tab for a resource without pods', async () => {
    await render();
    const panel = await openResource('Service/payments');
    const tabs = within(within(panel).getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map(t => t.textContent)).toEqual(['Manifest', 'Events']);
  });

  it('reads the logs of a container, follows them and stops, cancelling the read', async () => {
    const logs = followingLogs();
    await render(
      testGitOpsApi({ streamResourceLogs: logs.streamResourceLogs }),
    );
    const panel = await openResource('Deployment/payments');
    await within(panel).findByTestId('resource-manifest');
    await openTab(panel, 'Logs');
    expect(
      await within(panel).findByText('line from payments'),
    ).toBeInTheDocument();
    expect(logs.calls.at(-1)!.request).toEqual({
      container: 'payments',
      tailLines: 100,
      follow: false,
    });

    // another container: the first read is cancelled
    await userEvent.click(
      within(panel).getByRole('button', { name: 'Container' }),
    );
    await userEvent.click(
      await screen.findByRole('option', { name: 'istio-proxy' }),
    );
    expect(
      await within(panel).findByText('line from istio-proxy'),
    ).toBeInTheDocument();
    expect(logs.calls[0].signal.aborted).toBe(true);

    await userEvent.click(
      within(panel).getByRole('checkbox', { name: 'Follow' }),
    );
    await waitFor(() => expect(logs.calls.at(-1)!.request.follow).toBe(true));
    const following = logs.calls.at(-1)!;
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Stop' }),
    );
    expect(following.signal.aborted).toBe(true);
    expect(
      await within(panel).findByText('Stopped following.'),
    ).toBeInTheDocument();
  });

  it('cancels the read when the panel closes', async () => {
    const logs = followingLogs();
    await render(
      testGitOpsApi({ streamResourceLogs: logs.streamResourceLogs }),
    );
    const panel = await openResource('Deployment/payments');
    await openTab(panel, 'Logs');
    await within(panel).findByText(/line from/);
    await userEvent.click(
      within(panel).getByRole('button', { name: /Resources/ }),
    );
    await waitFor(() =>
      expect(logs.calls.every(c => c.signal.aborted)).toBe(true),
    );
  });

  it('says when the backend cut the stream', async () => {
    const lines: ResourceLogLine[] = [
      { entry: { pod: 'payments-5d8f-abcde', content: 'a line' } },
      {
        truncated: {
          reason: 'size',
          message: 'Truncated at the size limit of 1048576 bytes after 1 lines',
        },
      },
    ];
    await render(
      testGitOpsApi({
        streamResourceLogs: async (_a, _r, _q, onLine) => lines.forEach(onLine),
      }),
    );
    const panel = await openResource('Deployment/payments');
    await openTab(panel, 'Logs');
    expect(
      await within(panel).findByText(
        'Truncated: Truncated at the size limit of 1048576 bytes after 1 lines',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText('a line')).toBeInTheDocument();
  });
});
