import { fireEvent, screen, within } from '@testing-library/react';
import { entityDeliveryMetrics } from '../../__testUtils__/deliveryFixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { DeliveryMetricsCard } from './DeliveryMetricsCard';

describe('DeliveryMetricsCard', () => {
  it('shows the four metrics of each environment', async () => {
    const calls: Array<[string, unknown]> = [];
    const api = testGitOpsApi({
      getEntityDeliveryMetrics: async (entityRef, options) => {
        calls.push([entityRef, options]);
        return entityDeliveryMetrics;
      },
    });
    await renderWithEntity(<DeliveryMetricsCard />, { api });
    const table = await screen.findByRole('table', {
      name: 'Delivery metrics',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map(r => r.textContent);
    expect(rows).toEqual([
      'EnvironmentDeployment frequencyLead timeChange failure rateTime to restore',
      'dev3.5/week6 deployments; history covers 12 of 30 days1d 1hmedian of 614%1 of 7 changes—0 restores, 1 ongoing',
      'prod0.9/week4 deployments5mmedian of 325%1 of 4 changes25m1 restore',
    ]);
    expect(calls).toEqual([['component:default/payments', { windowDays: 30 }]]);
    expect(
      screen.getByText('Last 30 days, from GitOps history'),
    ).toBeInTheDocument();
  });

  it('asks again for another window', async () => {
    const windows: unknown[] = [];
    const api = testGitOpsApi({
      getEntityDeliveryMetrics: async (_ref, options) => {
        windows.push(options?.windowDays);
        return entityDeliveryMetrics;
      },
    });
    await renderWithEntity(<DeliveryMetricsCard />, { api });
    await screen.findByRole('table', { name: 'Delivery metrics' });
    fireEvent.mouseDown(
      screen.getByRole('button', { name: /^Metrics window/ }),
    );
    fireEvent.click(await screen.findByRole('option', { name: '7 days' }));
    expect(
      await screen.findByText('Last 7 days, from GitOps history'),
    ).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Delivery metrics' });
    expect(windows).toEqual([30, 7]);
  });

  it('names agents that did not answer, and shows errors', async () => {
    await renderWithEntity(<DeliveryMetricsCard />, {
      api: testGitOpsApi({
        getEntityDeliveryMetrics: async () => ({
          ...entityDeliveryMetrics,
          errors: [{ agentId: 'prod-agent', code: 'timeout', message: 'slow' }],
        }),
      }),
    });
    expect(
      await screen.findByText('Incomplete: prod-agent did not answer'),
    ).toBeInTheDocument();

    await renderWithEntity(<DeliveryMetricsCard />, {
      api: testGitOpsApi({
        getEntityDeliveryMetrics: async () => {
          throw new Error('metrics exploded');
        },
      }),
    });
    expect(
      await screen.findByText('Error: metrics exploded'),
    ).toBeInTheDocument();
  });
});
