import { renderInTestApp } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
import Alert from '@material-ui/lab/Alert';
import { MergeConfirmDialog } from './MergeConfirmDialog';

const pullRequest = {
  repoUrl: 'http://localhost:7101/acme/payments-deploy.git',
  number: 7,
  title: 'Promote payments 3.1.7 to prod',
  htmlUrl: 'http://localhost:7101/acme/payments-deploy/pull/7',
  branch: 'promote-prod-3.1.7',
  baseBranch: 'main',
  headSha: 'abcdef1234567890',
  createdAt: '2026-11-26T12:00:00Z',
};

describe('MergeConfirmDialog', () => {
  it('shows the warnings it is given above the buttons', async () => {
    await renderInTestApp(
      <MergeConfirmDialog
        open
        pullRequest={{ ...pullRequest, environment: 'prod', tag: '3.1.7' }}
        onClose={() => {}}
        onConfirm={() => {}}
        warnings={<Alert severity="warning">Weekend change freeze</Alert>}
      />,
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Merge pull request #7?',
    });
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Weekend change freeze');
    const merge = within(dialog).getByRole('button', { name: 'Merge #7' });
    // eslint-disable-next-line no-bitwise
    expect(
      alert.compareDocumentPosition(merge) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('names the commits it brings when the branch names no environment', async () => {
    await renderInTestApp(
      <MergeConfirmDialog
        open
        pullRequest={{ ...pullRequest, branch: 'promote-somewhere' }}
        onClose={() => {}}
        onConfirm={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Target environment: not named by its branch',
    );
    expect(dialog).toHaveTextContent(
      'Changes: the commits of promote-somewhere (head abcdef1)',
    );
  });
});
