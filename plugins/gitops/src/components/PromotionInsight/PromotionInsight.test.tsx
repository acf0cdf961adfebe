import { act, screen, waitFor, within } from '@testing-library/react';
import type { PromotionInsight as PromotionInsightValue } from '@gitops-suite/plugin-gitops-common';
import { promotionInsight } from '../../__testUtils__/deliveryFixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testSignalApi } from '../../__testUtils__/signals';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { PromotionInsight } from './PromotionInsight';

describe('PromotionInsight', () => {
  it('says prod is behind and links the prefilled promotion template', async () => {
    await renderWithEntity(<PromotionInsight />);
    const table = await screen.findByRole('table', { name: 'Promotion' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row).getByText('behind')).toBeInTheDocument();
    expect(
      within(row).getByText('prod is 2 revisions behind dev for 2d 3h'),
    ).toBeInTheDocument();
    const [, , from, to] = within(row).getAllByRole('cell');
    expect(from.textContent).toBe('3.1.7 (6cbe670, Opens in a new window)');
    expect(to.textContent).toBe('3.1.5 (5322e79ccc33)');
    // the commit links to the repository's host; a revision without a known
    // repository is shown, not linked
    expect(
      within(from).getByRole('link', { name: /^Commit 6cbe670/ }),
    ).toHaveAttribute(
      'href',
      'https://github.com/acme/payments-deploy/commit/6cbe6705aa11c0ffee00112233445566778899aa',
    );
    expect(within(to).queryByRole('link')).not.toBeInTheDocument();

    const link = within(row).getByRole('button', {
      name: 'Promote 3.1.7 to prod',
    });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe(
      '/create/templates/default/gitops-promote-release',
    );
    expect(JSON.parse(href.searchParams.get('formData')!)).toEqual({
      entity: 'component:default/payments',
      repoUrl: 'github.com?owner=acme&repo=payments-deploy',
      branch: 'main',
      environment: 'prod',
      tag: '3.1.7',
      image: 'ghcr.io/acme/payments',
    });
  });

  it('offers no promotion when environments agree', async () => {
    await renderWithEntity(<PromotionInsight />, {
      api: testGitOpsApi({
        getEntityPromotion: async () => ({
          ...promotionInsight,
          steps: [
            {
              from: 'dev',
              to: 'prod',
              status: 'in-sync',
              fromRevision: 'a',
              toRevision: 'a',
              revisionsBehind: 0,
            },
          ],
        }),
      }),
    });
    expect(
      await screen.findByText('prod runs what dev runs'),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Promote/ }),
    ).not.toBeInTheDocument();
  });

  it('links the open pull request that already makes the promotion instead of offering Promote', async () => {
    const pullRequest = {
      repoUrl: 'http://localhost:7101/acme/payments-deploy.git',
      number: 4,
      title: 'Promote payments 3.1.7 to prod',
      htmlUrl: 'http://localhost:7101/acme/payments-deploy/pull/4',
      branch: 'promote-prod-3.1.7',
      baseBranch: 'main',
      headSha: 'c'.repeat(40),
      createdAt: '2026-11-22T11:00:00Z',
      environment: 'prod',
      tag: '3.1.7',
    };
    await renderWithEntity(<PromotionInsight />, {
      api: testGitOpsApi({
        getEntityPullRequests: async () => ({
          entityRef: 'component:default/payments',
          // another release to prod is no duplicate of this promotion
          pullRequests: [
            {
              ...pullRequest,
              number: 3,
              tag: '3.1.6',
              branch: 'promote-prod-3.1.6',
            },
            pullRequest,
          ],
          errors: [],
        }),
      }),
    });
    const link = await screen.findByRole('link', { name: /^PR #4 open/ });
    expect(link).toHaveAttribute('href', pullRequest.htmlUrl);
    expect(
      screen.queryByRole('button', { name: /Promote/ }),
    ).not.toBeInTheDocument();
  });

  it("re-reads on the entity's signal, the one that re-reads the matrix", async () => {
    const signals = testSignalApi();
    let insight: PromotionInsightValue = promotionInsight;
    await renderWithEntity(<PromotionInsight />, {
      api: testGitOpsApi({ getEntityPromotion: async () => insight }),
      signalApi: signals.api,
    });
    expect(
      await screen.findByRole('button', { name: 'Promote 3.1.7 to prod' }),
    ).toBeInTheDocument();
    // prod synced the promotion: the next read says so
    insight = {
      ...promotionInsight,
      steps: [
        {
          from: 'dev',
          to: 'prod',
          status: 'in-sync',
          comparedBy: 'release',
          revisionsBehind: 0,
        },
      ],
    };
    act(() => signals.send('gitops:entity:component:default/payments'));
    expect(
      await screen.findByText('prod runs what dev runs'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: /Promote/ }),
      ).not.toBeInTheDocument(),
    );
  });

  it('says which release is newer when releases decided', async () => {
    await renderWithEntity(<PromotionInsight />, {
      api: testGitOpsApi({
        getEntityPromotion: async () => ({
          ...promotionInsight,
          steps: [
            { from: 'dev', to: 'prod', status: 'ahead', comparedBy: 'release' },
          ],
        }),
      }),
    });
    expect(
      await screen.findByText('prod runs a newer release than dev'),
    ).toBeInTheDocument();
  });
});
