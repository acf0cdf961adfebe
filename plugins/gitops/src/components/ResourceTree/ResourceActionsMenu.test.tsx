import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { entityRef, prodApp } from '../../__testUtils__/fixtures';
import { denyingPermissionApi } from '../../__testUtils__/permissions';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { toEntityApplicationRef } from '../../lib/entityApplicationRef';
import { ResourceTree } from './ResourceTree';

const ref = toEntityApplicationRef(entityRef, prodApp);
const deployment = {
  group: 'apps',
  kind: 'Deployment',
  namespace: 'payments',
  name: 'payments',
};

describe('resource actions in the resource tree', () => {
  it("lists a resource's actions and runs one after a confirmation", async () => {
    const runResourceAction = jest.fn(async () => ({
      auditId: 'a1',
      application: prodApp,
    }));
    const getResourceTree = jest.fn(testGitOpsApi().getResourceTree);
    await renderWithEntity(<ResourceTree app={ref} />, {
      api: testGitOpsApi({ runResourceAction, getResourceTree }),
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Actions for Deployment/payments',
      }),
    );
    const menu = await screen.findByRole('menu');
    const resume = await within(menu).findByRole('menuitem', {
      name: /resume/,
    });
    expect(resume).toHaveAttribute('aria-disabled', 'true');
    expect(within(resume).getByText('Not possible now')).toBeInTheDocument();
    await userEvent.click(
      within(menu).getByRole('menuitem', { name: 'restart' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Run restart on Deployment/payments?',
    });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Run restart' }),
    );
    expect(runResourceAction).toHaveBeenCalledWith(
      ref,
      expect.objectContaining(deployment),
      'restart',
    );
    expect(
      await screen.findByText('Ran restart on Deployment/payments.'),
    ).toBeInTheDocument();
    // the tree is read again to show the rollout
    expect(getResourceTree).toHaveBeenCalledTimes(2);
  });

  it('says so when a resource has no actions', async () => {
    await renderWithEntity(<ResourceTree app={ref} />, {
      api: testGitOpsApi(),
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Actions for Service/payments',
      }),
    );
    expect(
      await within(await screen.findByRole('menu')).findByText(
        'No actions for Service',
      ),
    ).toBeInTheDocument();
  });

  it("says what failed, in words that wrap, when the actions can't be listed", async () => {
    await renderWithEntity(<ResourceTree app={ref} />, {
      api: testGitOpsApi({
        listResourceActions: async () => {
          throw new Error('agent argocd-prod did not answer within 10 s');
        },
      }),
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Actions for Service/payments',
      }),
    );
    const item = await within(await screen.findByRole('menu')).findByText(
      'Could not list the actions: agent argocd-prod did not answer within 10 s',
    );
    expect(item).toHaveStyle({ whiteSpace: 'normal' });
  });

  it('disables every action, saying why, for a user who may not run them', async () => {
    const runResourceAction = jest.fn();
    // a ref of its own: usePermission caches decisions per permission and ref
    const locked = toEntityApplicationRef(
      'component:default/locked-actions',
      prodApp,
    );
    await renderWithEntity(<ResourceTree app={locked} />, {
      api: testGitOpsApi({ runResourceAction }),
      permissionApi: denyingPermissionApi(['gitops.application.action']),
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Actions for Deployment/payments',
      }),
    );
    const menu = await screen.findByRole('menu');
    const restart = await within(menu).findByRole('menuitem', {
      name: /restart/,
    });
    expect(restart).toHaveAttribute('aria-disabled', 'true');
    expect(
      within(restart).getByText(
        "Only the entity's owners may run actions on its resources.",
      ),
    ).toBeInTheDocument();
    expect(runResourceAction).not.toHaveBeenCalled();
  });
});
