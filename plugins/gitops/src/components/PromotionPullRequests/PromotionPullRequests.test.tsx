import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PromotionPullRequestList } from '@gitops-suite/plugin-gitops-common';
import { entity } from '../../__testUtils__/fixtures';
import { denyingPermissionApi } from '../../__testUtils__/permissions';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { PromotionPullRequests } from './PromotionPullRequests';

const open: PromotionPullRequestList = {
  entityRef: 'component:default/payments',
  pullRequests: [
    {
      repoUrl: 'http://localhost:7101/acme/payments-deploy.git',
      number: 1,
      title: 'Promote payments 3.1.7 to prod',
      htmlUrl: 'http://localhost:7101/acme/payments-deploy/pull/1',
      branch: 'promote-prod-3.1.7',
      baseBranch: 'main',
      headSha: 'a'.repeat(40),
      author: 'gitops-bot',
      createdAt: '2026-11-26T12:00:00Z',
      environment: 'prod',
      tag: '3.1.7',
    },
  ],
  errors: [],
};

describe('PromotionPullRequests', () => {
  it('links each open promotion and merges it for an owner', async () => {
    const merged: unknown[] = [];
    let list = open;
    await renderWithEntity(<PromotionPullRequests />, {
      api: testGitOpsApi({
        getEntityPullRequests: async () => list,
        mergeEntityPullRequest: async (entityRef, pr) => {
          merged.push([entityRef, pr.repoUrl, pr.number]);
          list = { ...open, pullRequests: [] };
          return {
            auditId: 'audit-9',
            merged: true,
            sha: 'b'.repeat(40),
            pullRequest: open.pullRequests[0],
          };
        },
      }),
    });
    const table = await screen.findByRole('table', {
      name: 'Promotion pull requests',
    });
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row).getByRole('link', {
        name: /#1 Promote payments 3.1.7 to prod/,
      }),
    ).toHaveAttribute(
      'href',
      'http://localhost:7101/acme/payments-deploy/pull/1',
    );
    expect(within(row).getByText('prod')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Merge' }));
    // nothing merges before the owner confirms
    const dialog = await screen.findByRole('dialog', {
      name: 'Merge pull request #1?',
    });
    expect(merged).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge #1' }));
    await waitFor(() =>
      expect(screen.queryByRole('table')).not.toBeInTheDocument(),
    );
    expect(merged).toEqual([
      [
        'component:default/payments',
        'http://localhost:7101/acme/payments-deploy.git',
        1,
      ],
    ]);
  });

  it('disables Merge for anyone but the owners, saying why', async () => {
    // another entity than the owner's test above: permission decisions are
    // cached per permission and resource, so the same entity could be
    // answered by the earlier ALLOW
    await renderWithEntity(<PromotionPullRequests />, {
      api: testGitOpsApi({ getEntityPullRequests: async () => open }),
      permissionApi: denyingPermissionApi(['gitops.pullrequest.merge']),
      entity: {
        ...entity,
        metadata: { ...entity.metadata, name: 'not-yours' },
      },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Merge' })).toBeDisabled(),
    );
    const button = screen.getByRole('button', { name: 'Merge' });
    expect(button).toHaveAttribute(
      'title',
      'Only the service’s owners may merge its promotions',
    );
  });

  it('asks before merging, naming the pull request, repository, environment and change; Cancel merges nothing', async () => {
    const merged: unknown[] = [];
    await renderWithEntity(<PromotionPullRequests />, {
      api: testGitOpsApi({
        getEntityPullRequests: async () => open,
        mergeEntityPullRequest: async (_entityRef, pr) => {
          merged.push(pr.number);
          throw new Error('not expected');
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Merge pull request #1?',
    });
    expect(dialog).toHaveTextContent('#1 Promote payments 3.1.7 to prod');
    expect(dialog).toHaveTextContent(
      'Repository: acme/payments-deploy (promote-prod-3.1.7 into main)',
    );
    expect(dialog).toHaveTextContent('Target environment: prod');
    expect(dialog).toHaveTextContent('Changes: prod is set to release 3.1.7');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    );
    expect(merged).toEqual([]);
    expect(
      screen.getByRole('link', { name: /#1 Promote payments 3.1.7 to prod/ }),
    ).toBeInTheDocument();
  });
});
