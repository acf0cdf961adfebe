import { renderInTestApp } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import { prodApp } from '../../__testUtils__/fixtures';
import { OperationTab } from './OperationTab';

describe('OperationTab', () => {
  it('shows the sync options, strategy and retry the running operation was asked for', async () => {
    await renderInTestApp(
      <OperationTab
        application={{
          ...prodApp,
          operation: {
            phase: 'Running',
            startedAt: '2024-05-01T10:00:00Z',
            syncOptions: ['ServerSideApply=true', 'PruneLast=true'],
            applyOnly: true,
            force: true,
            retry: {
              limit: 3,
              backoff: { duration: '10s', factor: 2, maxDuration: '5m' },
            },
          },
        }}
      />,
    );
    expect(
      screen.getByText('ServerSideApply=true, PruneLast=true'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('apply only (no hooks), force'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('up to 3 times, backoff 10s × 2 up to 5m'),
    ).toBeInTheDocument();
  });

  it('shows no strategy or retry rows for a plain sync', async () => {
    await renderInTestApp(
      <OperationTab
        application={{
          ...prodApp,
          operation: { phase: 'Succeeded', startedAt: '2024-05-01T10:00:00Z' },
        }}
      />,
    );
    expect(screen.getByText('Succeeded')).toBeInTheDocument();
    expect(screen.queryByText(/apply only|force|backoff/)).toBeNull();
    expect(screen.queryByText(/sync options|retry$/i)).toBeNull();
  });
});
