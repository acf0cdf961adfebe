import type {
  ResourceTree as Tree,
  RolloutSummary,
} from '@gitops-suite/plugin-gitops-common';
import { canaryRolloutSummary } from '@gitops-suite/plugin-gitops-common/testUtils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  devApp,
  entityApplications,
  entityRef,
  prodApp,
} from '../../__testUtils__/fixtures';
import { denyingPermissionApi } from '../../__testUtils__/permissions';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { toEntityApplicationRef } from '../../lib/entityApplicationRef';
import { EntityGitOpsContent } from '../EntityGitOpsContent';
import { ResourceTree } from '../ResourceTree';

const canary = canaryRolloutSummary();

const rolloutNode = {
  group: 'argoproj.io',
  version: 'v1alpha1',
  kind: 'Rollout',
  namespace: 'payments',
  name: 'payments',
  uid: 'r-1',
  parentRefs: [],
  health: { status: 'Suspended' as const, message: 'CanaryPauseStep' },
  rollout: canary,
};

const tree = (rollout: RolloutSummary = canary): Tree => ({
  nodes: [{ ...rolloutNode, rollout }],
});

/** The Rollout's actions as Argo CD 2.x offers them at a pause step. */
const rolloutActions = async () => [
  { name: 'abort', disabled: false },
  { name: 'promote-full', disabled: false },
  { name: 'restart', displayName: 'Restart Pods', disabled: false },
  { name: 'resume', disabled: false },
  { name: 'retry', disabled: true },
];

const ref = toEntityApplicationRef(entityRef, prodApp);

describe('an Argo Rollouts canary in the drawer', () => {
  it('shows its step, weight, analysis and steps, and promotes it after a confirmation', async () => {
    const runResourceAction = jest.fn(async () => ({
      auditId: 'a1',
      application: prodApp,
    }));
    const getResourceTree = jest.fn(async () => tree());
    await renderWithEntity(<ResourceTree app={ref} />, {
      api: testGitOpsApi({
        getResourceTree,
        listResourceActions: rolloutActions,
        runResourceAction,
      }),
    });
    const panel = await screen.findByRole('region', {
      name: 'Canary Rollout/payments',
    });
    expect(
      within(panel).getByText('Canary step 2/4 · 20%'),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText('Step 2 of 4: pause until promoted (paused)'),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'Weight: 20% of traffic on the canary (the step sets 20%)',
      ),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'Analysis payments-7c9d-3: Running (4 successful, 0 failed, last [0.982])',
      ),
    ).toBeInTheDocument();
    const steps = within(panel).getByRole('list', {
      name: 'Canary steps of Rollout/payments',
    });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map(item => item.textContent)).toEqual([
      'set weight 20%',
      'pause until promoted ← current',
      'set weight 50%',
      'pause 10m',
    ]);
    expect(items[1]).toHaveAttribute('aria-current', 'step');

    // retry is offered once aborted only
    await waitFor(() =>
      expect(
        within(panel).getByRole('button', { name: 'Promote' }),
      ).toBeEnabled(),
    );
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeDisabled();
    expect(
      within(panel).getByRole('button', { name: 'Promote full' }),
    ).toBeEnabled();

    await userEvent.click(
      within(panel).getByRole('button', { name: 'Promote' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Run Promote on Rollout/payments?',
    });
    expect(
      within(dialog).getByText(
        'The agent runs the Promote (resume) action on Rollout/payments of payments-prod, in the cluster, now.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Run Promote' }),
    );
    expect(runResourceAction).toHaveBeenCalledWith(
      ref,
      {
        group: 'argoproj.io',
        version: 'v1alpha1',
        kind: 'Rollout',
        namespace: 'payments',
        name: 'payments',
      },
      'resume',
    );
    expect(
      await screen.findByText('Ran Promote on Rollout/payments.'),
    ).toBeInTheDocument();
    // the tree is read again to show where the canary went
    expect(getResourceTree).toHaveBeenCalledTimes(2);
  });

  it('reads a canary moving between steps again until it stops at one', async () => {
    const moving = {
      ...canary,
      currentStepIndex: 2,
      paused: false,
      phase: 'Progressing',
    };
    const paused = {
      ...canary,
      currentStepIndex: 3,
      actualWeight: 50,
      setWeight: 50,
    };
    const getResourceTree = jest
      .fn()
      .mockResolvedValueOnce(tree(moving))
      .mockResolvedValue(tree(paused));
    await renderWithEntity(<ResourceTree app={ref} />, {
      api: testGitOpsApi({
        getResourceTree,
        listResourceActions: rolloutActions,
      }),
    });
    expect(
      await screen.findByText('Canary step 3/4 · 20%'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Canary step 4/4 · 50%', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('names the Rollout actions in the resource menu as the panel does', async () => {
    await renderWithEntity(<ResourceTree app={ref} />, {
      api: testGitOpsApi({
        getResourceTree: async () => tree(),
        listResourceActions: rolloutActions,
      }),
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Actions for Rollout/payments',
      }),
    );
    const menu = await screen.findByRole('menu');
    const items = await within(menu).findAllByRole('menuitem');
    expect(items.map(item => item.textContent)).toEqual([
      'Abort',
      'Promote full',
      'Restart Pods',
      'Promote',
      'RetryNot possible now',
    ]);
  });

  it('disables every action, saying why, for a user who may not run them', async () => {
    const runResourceAction = jest.fn();
    const locked = toEntityApplicationRef(
      'component:default/locked-canary',
      prodApp,
    );
    await renderWithEntity(<ResourceTree app={locked} />, {
      api: testGitOpsApi({
        getResourceTree: async () => tree(),
        listResourceActions: rolloutActions,
        runResourceAction,
      }),
      permissionApi: denyingPermissionApi(['gitops.application.action']),
    });
    const panel = await screen.findByRole('region', {
      name: 'Canary Rollout/payments',
    });
    for (const name of ['Promote', 'Promote full', 'Abort', 'Retry']) {
      await waitFor(() =>
        expect(within(panel).getByRole('button', { name })).toBeDisabled(),
      );
    }
    expect(runResourceAction).not.toHaveBeenCalled();
  });

  it('shows an aborted canary at 0%, and a fully promoted one without a chip', async () => {
    const { unmount } = await renderWithEntity(<ResourceTree app={ref} />, {
      api: testGitOpsApi({
        getResourceTree: async () =>
          tree({
            ...canary,
            aborted: true,
            paused: false,
            currentStepIndex: 0,
            actualWeight: 0,
            setWeight: 0,
          }),
        listResourceActions: rolloutActions,
      }),
    });
    expect(await screen.findByText('Canary aborted · 0%')).toBeInTheDocument();
    unmount();
    await renderWithEntity(<ResourceTree app={ref} />, {
      api: testGitOpsApi({
        getResourceTree: async () =>
          tree({
            ...canary,
            paused: false,
            currentStepIndex: 4,
            actualWeight: 100,
            setWeight: 100,
          }),
        listResourceActions: rolloutActions,
      }),
    });
    expect(await screen.findByText('fully promoted')).toBeInTheDocument();
    expect(screen.queryByText(/^Canary step/)).not.toBeInTheDocument();
  });
});

describe('an application mid-rollout on the GitOps tab', () => {
  it('is marked in the matrix and the table; a Healthy application is not read', async () => {
    const suspended = {
      ...prodApp,
      health: { status: 'Suspended' as const },
    };
    const getResourceTree = jest.fn(async () => tree());
    await renderWithEntity(<EntityGitOpsContent />, {
      api: testGitOpsApi({
        getEntityApplications: async () => ({
          ...entityApplications,
          environments: entityApplications.environments.map(group =>
            group.name === 'prod'
              ? { ...group, applications: [suspended] }
              : group,
          ),
        }),
        getResourceTree,
      }),
    });
    const matrix = await screen.findByRole('table', {
      name: 'Environment matrix',
    });
    expect(
      await within(matrix).findByText('Canary step 2/4 · 20%'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Applications' });
    expect(
      within(table).getByText('Canary step 2/4 · 20%'),
    ).toBeInTheDocument();
    expect(getResourceTree).toHaveBeenCalledTimes(1);
    expect(getResourceTree).toHaveBeenCalledWith(
      expect.objectContaining({ name: suspended.name }),
    );
    expect(getResourceTree).not.toHaveBeenCalledWith(
      expect.objectContaining({ name: devApp.name }),
    );
  });
});
