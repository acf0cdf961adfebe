import type { Entity } from '@backstage/catalog-model';
import { screen } from '@testing-library/react';
import { devApp, prodApp } from '../../__testUtils__/fixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { EntityGitOpsEnvironmentContent } from './EntityGitOpsEnvironmentContent';
import { isGitOpsEnvironment } from './fleetScope';

const resource = (
  name: string,
  type: string,
  annotations: Record<string, string> = {},
): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Resource',
  metadata: { name, namespace: 'default', annotations },
  spec: { type, owner: 'platform' },
});

describe('EntityGitOpsEnvironmentContent', () => {
  it('lists the services of an environment named by annotation', async () => {
    const getFleetApplications = jest.fn(async () => ({
      items: [{ ...prodApp, entityRefs: ['component:default/payments'] }],
      errors: [],
      total: 1,
    }));
    await renderWithEntity(<EntityGitOpsEnvironmentContent />, {
      entity: resource('production', 'environment', {
        'gitops/environment': 'prod',
      }),
      api: testGitOpsApi({ getFleetApplications }),
    });
    expect(
      await screen.findByText('Services running in environment prod (1)'),
    ).toBeInTheDocument();
    expect(getFleetApplications).toHaveBeenCalledWith({
      environment: ['prod'],
    });
    expect(screen.getByText('a1b2c3d')).toBeInTheDocument();
    expect(screen.getByText('1.4.1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'payments' })).toHaveAttribute(
      'href',
      '/catalog/default/component/payments',
    );
  });

  it('lists what runs on a cluster', async () => {
    const api = testGitOpsApi({
      getFleetApplications: async () => ({
        items: [devApp, prodApp],
        errors: [],
        total: 2,
      }),
    });
    await renderWithEntity(<EntityGitOpsEnvironmentContent />, {
      entity: resource('prod-cluster', 'kubernetes-cluster'),
      api,
    });
    expect(
      await screen.findByText('Services running in cluster prod-cluster (1)'),
    ).toBeInTheDocument();
    expect(screen.getByText('payments-prod')).toBeInTheDocument();
    expect(screen.queryByText('payments-dev')).not.toBeInTheDocument();
  });

  it('explains what makes a resource an environment', async () => {
    const entity = resource('bucket', 's3-bucket');
    expect(isGitOpsEnvironment(entity)).toBe(false);
    await renderWithEntity(<EntityGitOpsEnvironmentContent />, { entity });
    expect(
      screen.getByText('Not a GitOps environment or cluster'),
    ).toBeInTheDocument();
  });
});
