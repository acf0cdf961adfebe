import { ResponseError } from '@backstage/errors';
import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
import { gitopsApiRef } from '../../api';
import { fleetDeliveryMetrics } from '../../__testUtils__/deliveryFixtures';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { seriesColor, trendRows } from './DeliveryTrendChart';
import { FleetDeliveryMetrics } from './FleetDeliveryMetrics';

const environments = [
  { name: 'dev', title: 'Development', order: 1 },
  { name: 'prod', title: 'Production', order: 3 },
];

describe('FleetDeliveryMetrics', () => {
  it('shows totals per environment, a trend and the active services', async () => {
    await renderInTestApp(
      <TestApiProvider
        apis={[
          [
            gitopsApiRef,
            testGitOpsApi({ getEnvironments: async () => environments }),
          ],
        ]}
      >
        <FleetDeliveryMetrics />
      </TestApiProvider>,
    );
    const totals = await screen.findByRole('table', {
      name: 'Delivery metrics',
    });
    expect(within(totals).getAllByRole('row')).toHaveLength(3);
    // environments by their titles, everywhere on the card
    expect(await within(totals).findByText('Development')).toBeInTheDocument();
    // dev's history covers 12 of the 30 days, and the figure says so
    expect(
      within(totals).getByText('6 deployments; history covers 12 of 30 days'),
    ).toBeInTheDocument();
    expect(screen.getByText('Last 30 days, every service')).toBeInTheDocument();
    const figure = screen.getByRole('figure', {
      name: 'Deployments and failed changes over time',
    });
    expect(
      within(figure).getByText('Development deployments'),
    ).toBeInTheDocument();
    expect(within(figure).getByText('failed changes')).toBeInTheDocument();
    expect(screen.getByText('Delivery metrics by service')).toBeInTheDocument();
    // checkout did nothing in the window: not listed
    expect(screen.getAllByText('payments')).toHaveLength(2);
    expect(screen.queryByText('checkout')).not.toBeInTheDocument();
    expect(screen.getByText('25% (1/4)')).toBeInTheDocument();
    expect(screen.getByText('— (1 ongoing)')).toBeInTheDocument();
  });

  it('asks for the metrics of the applications the fleet filters select', async () => {
    const asked: unknown[] = [];
    await renderInTestApp(
      <TestApiProvider
        apis={[
          [
            gitopsApiRef,
            testGitOpsApi({
              getFleetDeliveryMetrics: async options => {
                asked.push(options);
                return fleetDeliveryMetrics;
              },
            }),
          ],
        ]}
      >
        <FleetDeliveryMetrics filter={{ environment: ['prod'] }} />
      </TestApiProvider>,
    );
    expect(
      await screen.findByText(
        'Last 30 days, applications matching the filters',
      ),
    ).toBeInTheDocument();
    expect(asked).toEqual([
      { windowDays: 30, filter: { environment: ['prod'] } },
    ]);
  });

  it('gives every series of the trend a colour of its own', () => {
    const colors = Array.from({ length: 40 }, (_, i) => seriesColor(i));
    expect(new Set(colors).size).toBe(40);
  });

  it('sums each trend bucket over environments', () => {
    expect(trendRows(fleetDeliveryMetrics.environments)).toEqual([
      { label: '2026-10-23', dev: 0, prod: 0, failedChanges: 0 },
      { label: '2026-10-30', dev: 1, prod: 0, failedChanges: 0 },
      { label: '2026-11-06', dev: 1, prod: 1, failedChanges: 0 },
      { label: '2026-11-13', dev: 2, prod: 2, failedChanges: 2 },
      { label: '2026-11-20', dev: 2, prod: 1, failedChanges: 0 },
    ]);
  });

  it('explains a missing permission', async () => {
    const error = await ResponseError.fromResponse(
      new Response(
        JSON.stringify({
          error: { name: 'NotAllowedError', message: 'Not allowed' },
          response: { statusCode: 403 },
        }),
        { status: 403, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    await renderInTestApp(
      <TestApiProvider
        apis={[
          [
            gitopsApiRef,
            testGitOpsApi({
              getFleetDeliveryMetrics: async () => {
                throw error;
              },
            }),
          ],
        ]}
      >
        <FleetDeliveryMetrics />
      </TestApiProvider>,
    );
    expect(
      await screen.findByText(/You may not view fleet delivery metrics/),
    ).toBeInTheDocument();
  });
});
