import {
  EntityProvider,
  entityRouteRef,
} from '@backstage/plugin-catalog-react';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import {
  mockApis,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import {
  EntityDeliveryMetricsCard,
  EntityGitOpsContent,
  EntityGitOpsOverviewCard,
  EntityPromotionInsightCard,
  gitopsPlugin,
} from './plugin';
import alphaPlugin from './alpha';
import {
  gitopsApiRef,
  gitOpsUserIdentityApiRef,
  type GitOpsUserIdentityApi,
} from './api';
import { entity } from './__testUtils__/fixtures';
import { findPromotionCard } from './__testUtils__/promotionCard';
import { testGitOpsApi } from './__testUtils__/testGitOpsApi';

/** Renders a legacy extension the way a legacy app's entity page does. */
function renderLegacy(element: ReactElement) {
  return renderInTestApp(
    <TestApiProvider
      apis={[
        [gitopsApiRef, testGitOpsApi()],
        [permissionApiRef, mockApis.permission()],
      ]}
    >
      <EntityProvider entity={entity}>{element}</EntityProvider>
    </TestApiProvider>,
    {
      mountedRoutes: {
        '/catalog/:namespace/:kind/:name': entityRouteRef,
      },
    },
  );
}

describe('gitops plugin', () => {
  it('is created with its id in both frontend systems', () => {
    expect(gitopsPlugin.getId()).toBe('gitops');
    expect(alphaPlugin.id).toBe('gitops');
  });

  it('provides a user identity without a token, and the client over it, in a legacy app', async () => {
    const factories = [...gitopsPlugin.getApis()];
    const identity = factories.find(
      f => f.api.id === gitOpsUserIdentityApiRef.id,
    );
    expect(identity).toBeDefined();
    const noToken = identity!.factory({}) as GitOpsUserIdentityApi;
    await expect(noToken.getIdToken()).resolves.toBeUndefined();
    const client = factories.find(f => f.api.id === gitopsApiRef.id);
    expect(client?.deps).toEqual(
      expect.objectContaining({ userIdentityApi: gitOpsUserIdentityApiRef }),
    );
  });

  describe('the legacy export, as a legacy app renders it', () => {
    it('renders the entity GitOps tab', async () => {
      // a legacy entity page mounts the tab at a path (EntityLayout.Route)
      await renderLegacy(
        <Routes>
          <Route path="/*" element={<EntityGitOpsContent />} />
        </Routes>,
      );
      expect(
        await screen.findByRole(
          'table',
          { name: 'Environment matrix' },
          { timeout: 10_000 },
        ),
      ).toBeInTheDocument();
    });

    it('renders the overview, delivery metrics and promotion cards', async () => {
      await renderLegacy(
        <>
          <EntityGitOpsOverviewCard />
          <EntityDeliveryMetricsCard />
          <EntityPromotionInsightCard />
        </>,
      );
      const promotion = await findPromotionCard();
      expect(promotion.table).toBeInTheDocument();
      expect(await screen.findByText('Delivery metrics')).toBeInTheDocument();
      expect(screen.getByText('View GitOps')).toBeInTheDocument();
      expect(promotion.prodLag).toBeInTheDocument();
    });
  });
});
