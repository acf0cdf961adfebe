import {
  applicationDrawer,
  controlAgent,
  inCatalog,
  openGitOpsTab,
} from './support/entityTab';
import { usePortalPage } from './support/portalPage';

/*
 * Promoting a canary (issue 40, item 5): payments-worker runs as an Argo
 * Rollouts Rollout in examples/fleet.yaml, and its qa canary waits at its
 * pause step (20%). The matrix marks it mid-rollout; the drawer shows its
 * steps, weight and analysis; the owner (the guest, of team-payments)
 * promotes it from the portal, and the agent's Rollout moves on to the
 * next pause (50%).
 */

const session = usePortalPage({ viewport: { width: 1280, height: 900 } });
const { journey } = session;

const APP = 'payments-worker-qa';
const AGENT = 'argocd-nonprod';

describe('Argo Rollouts', () => {
  journey(
    'a canary Rollout shows its steps in the drawer and is promoted from the portal',
    async () => {
      const { page, portal } = session;
      // the canary at its pause step, whatever happened to it before
      await controlAgent(portal, AGENT, '/rollout', {
        application: APP,
        step: 1,
      });
      await inCatalog(portal, 'payments-worker');
      const matrix = await openGitOpsTab(
        page,
        portal,
        'payments-worker',
        120_000,
      );
      await matrix
        .getByText('Canary step 2/4 · 20%')
        .waitFor({ timeout: 60_000 });

      await matrix.getByRole('button', { name: `Open ${APP}` }).click();
      const drawer = applicationDrawer(page);
      const panel = drawer.getByRole('region', {
        name: 'Canary Rollout/payments-worker',
      });
      await panel
        .getByText('Step 2 of 4: pause until promoted (paused)')
        .waitFor({ timeout: 30_000 });
      await panel
        .getByText('Weight: 20% of traffic on the canary (the step sets 20%)')
        .waitFor();
      await panel
        .getByText(/^Analysis payments-worker-\w+-\d+: Running/)
        .waitFor();
      const steps = panel.getByRole('list', {
        name: 'Canary steps of Rollout/payments-worker',
      });
      expect(await steps.getByRole('listitem').allTextContents()).toEqual([
        'set weight 20%',
        'pause until promoted ← current',
        'set weight 50%',
        'pause 10m',
      ]);

      const promote = panel.getByRole('button', {
        name: 'Promote',
        exact: true,
      });
      await promote.waitFor();
      await page.waitForFunction(
        button => !(button as HTMLButtonElement).disabled,
        await promote.elementHandle(),
        { timeout: 30_000 },
      );
      await promote.click();
      const dialog = page.getByRole('dialog', {
        name: 'Run Promote on Rollout/payments-worker?',
      });
      await dialog.getByRole('button', { name: 'Run Promote' }).click();
      await dialog.waitFor({ state: 'detached' });

      // past the pause: 50%, then the timed pause (the drawer reads it again)
      await panel
        .getByText('Canary step 4/4 · 50%')
        .waitFor({ timeout: 30_000 });
      await panel.getByText('Step 4 of 4: pause 10m (paused)').waitFor();
      // and the agent has it
      const rollout = await controlAgent(portal, AGENT, '/rollout', {
        application: APP,
      });
      expect(rollout).toMatchObject({
        step: 3,
        steps: 4,
        weight: 50,
        paused: true,
        aborted: false,
      });
    },
  );
});
