import { screen } from '@testing-library/react';
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
import { findPromotionCard } from './__testUtils__/promotionCard';
import { renderWithEntity } from './__testUtils__/renderWithEntity';

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

  // renderWithEntity: a legacy app's entity page, with the test API
  describe('the legacy export, as a legacy app renders it', () => {
    it('renders the entity GitOps tab', async () => {
      // a legacy entity page mounts the tab at a path (EntityLayout.Route)
      await renderWithEntity(
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
      await renderWithEntity(
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
