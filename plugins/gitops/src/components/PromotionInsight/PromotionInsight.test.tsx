import { screen, within } from '@testing-library/react';
import { promotionInsight } from '../../__testUtils__/deliveryFixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
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
});
