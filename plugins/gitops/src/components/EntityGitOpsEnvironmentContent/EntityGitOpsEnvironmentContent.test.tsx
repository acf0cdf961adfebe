import { InMemoryCatalogClient } from '@backstage/catalog-client/testUtils';
import type { Entity } from '@backstage/catalog-model';
import userEvent from '@testing-library/user-event';
import { screen } from '@testing-library/react';
import { devApp, prodApp } from '../../__testUtils__/fixtures';
import { serviceComponent } from '../../__testUtils__/catalog';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import {
  fleetApplicationsOf,
  testGitOpsApi,
} from '../../__testUtils__/testGitOpsApi';
import { EntityGitOpsEnvironmentContent } from './EntityGitOpsEnvironmentContent';
import { isGitOpsEnvironment } from './fleetScope';
import '../../__testUtils__/loadSplitViews';

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
  it('lists the services of an environment named by annotation, each with the catalog entity that owns it', async () => {
    const getFleetApplications = jest.fn(fleetApplicationsOf([prodApp]));
    await renderWithEntity(<EntityGitOpsEnvironmentContent />, {
      entity: resource('production', 'environment', {
        'gitops/environment': 'prod',
      }),
      api: testGitOpsApi({ getFleetApplications }),
      catalogApi: new InMemoryCatalogClient({
        entities: [
          serviceComponent('payments', {
            annotations: { 'gitops/service': prodApp.service! },
          }),
        ],
      }),
    });
    expect(
      await screen.findByText('Applications deployed in environment prod (1)'),
    ).toBeInTheDocument();
    expect(getFleetApplications).toHaveBeenCalledWith({
      environment: ['prod'],
    });
    expect(screen.getByText('a1b2c3d')).toBeInTheDocument();
    expect(screen.getByText('image 1.4.1')).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'payments' }),
    ).toHaveAttribute('href', '/catalog/default/component/payments');
    // a row opens the application's drawer, on behalf of its component
    await userEvent.click(screen.getByText('a1b2c3d'));
    expect(
      await screen.findByRole('tablist', { name: 'Application details' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: prodApp.name, level: 5 }),
    ).toBeInTheDocument();
  });

  it('lists what runs on a cluster', async () => {
    const getFleetApplications = jest.fn(
      fleetApplicationsOf([devApp, prodApp]),
    );
    const api = testGitOpsApi({ getFleetApplications });
    await renderWithEntity(<EntityGitOpsEnvironmentContent />, {
      entity: resource('prod-cluster', 'kubernetes-cluster'),
      api,
    });
    expect(
      await screen.findByText(
        'Applications deployed in cluster prod-cluster (1)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('payments-prod')).toBeInTheDocument();
    expect(screen.queryByText('payments-dev')).not.toBeInTheDocument();
    // the backend filters: the tab asks for the cluster
    expect(getFleetApplications).toHaveBeenCalledWith({
      cluster: ['prod-cluster'],
    });
  });

  it("lists an agent's applications on its Resource page", async () => {
    const getFleetApplications = jest.fn(
      fleetApplicationsOf([devApp, prodApp]),
    );
    const api = testGitOpsApi({ getFleetApplications });
    await renderWithEntity(<EntityGitOpsEnvironmentContent />, {
      entity: resource('gitops-agent-prod-agent', 'gitops-agent', {
        'gitops/agent': 'prod-agent',
      }),
      api,
    });
    expect(
      await screen.findByText('Applications deployed in agent prod-agent (1)'),
    ).toBeInTheDocument();
    expect(screen.getByText('payments-prod')).toBeInTheDocument();
    expect(screen.queryByText('payments-dev')).not.toBeInTheDocument();
    // the backend filters: the tab asks for the agent
    expect(getFleetApplications).toHaveBeenCalledWith({
      agent: ['prod-agent'],
    });
  });

  it('says when the list is cut, with the true total', async () => {
    const api = testGitOpsApi({
      getFleetApplications: async () => ({
        items: [prodApp],
        errors: [],
        total: 7000,
        truncated: true,
        nextCursor: 'WyJwcm9kLWFnZW50IiwicGF5bWVudHMtcHJvZCJd',
      }),
    });
    await renderWithEntity(<EntityGitOpsEnvironmentContent />, {
      entity: resource('production', 'environment', {
        'gitops/environment': 'prod',
      }),
      api,
    });
    expect(
      await screen.findByText(/Showing 1 of 7,000 applications/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Applications deployed in environment prod (1 of 7,000)',
      ),
    ).toBeInTheDocument();
  });

  it('lists what runs on a cluster Resource as the entity provider emits it: by its agent and server', async () => {
    const server = 'https://api.prod-eu-west-1.k8s.acme.internal:6443';
    const onProd = {
      ...prodApp,
      agentId: 'argocd-prod',
      // the agent names its destination by server only
      destination: { server, namespace: 'payments-prod' },
      clusterName: 'api.prod-eu-west-1.k8s.acme.internal',
    };
    const local = (agentId: string, name: string) => ({
      ...devApp,
      key: `${agentId}:argocd/${name}`,
      name,
      agentId,
      destination: { server: 'https://kubernetes.default.svc' },
      clusterName: 'in-cluster',
    });
    const getFleetApplications = jest.fn(
      fleetApplicationsOf([
        onProd,
        local('argocd-prod', 'prod-addons'),
        local('argocd-nonprod', 'nonprod-addons'),
      ]),
    );
    const api = testGitOpsApi({ getFleetApplications });
    const cluster = (name: string, annotations: Record<string, string>) =>
      renderWithEntity(<EntityGitOpsEnvironmentContent />, {
        entity: resource(name, 'kubernetes-cluster', annotations),
        api,
      });

    const view = await cluster('argocd-prod-prod-eu-west-1', {
      'gitops/cluster': 'prod-eu-west-1',
      'gitops/cluster-server': server,
      'gitops/agent': 'argocd-prod',
    });
    expect(
      await screen.findByText(
        'Applications deployed in cluster prod-eu-west-1 (1)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('payments-prod')).toBeInTheDocument();
    expect(getFleetApplications).toHaveBeenCalledWith({
      agent: ['argocd-prod'],
      cluster: ['prod-eu-west-1'],
      server: [server],
    });
    view.unmount();

    // each agent's in-cluster shows that agent's applications only
    await cluster('argocd-nonprod-in-cluster', {
      'gitops/cluster': 'in-cluster',
      'gitops/cluster-server': 'https://kubernetes.default.svc',
      'gitops/agent': 'argocd-nonprod',
    });
    expect(
      await screen.findByText(
        'Applications deployed in cluster in-cluster (1)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('nonprod-addons')).toBeInTheDocument();
    expect(screen.queryByText('prod-addons')).not.toBeInTheDocument();
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
