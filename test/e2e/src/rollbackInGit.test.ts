import { agentApplication } from './support/agentApplication';
import { openApplicationDrawer } from './support/entityTab';
import { eventually } from './support/portalCalls';
import { OWNER_POLICY, usePortalPage } from './support/portalPage';

/*
 * Rollback in Git (issue 40, item 1): payments-api-dev syncs automatically
 * (examples/fleet.yaml), so Argo CD refuses its rollback. From the drawer the
 * owner (the guest, of team-payments) rolls it back through a revert pull
 * request on the sandbox's git host (as `npm start` runs it), merges it
 * from the dialog with the merge confirmation, and the agent syncs the
 * merge: the application runs the earlier release, and its history ends
 * with the merge commit.
 */

const session = usePortalPage({
  portal: { gitHost: true, config: OWNER_POLICY },
  viewport: { width: 1280, height: 900 },
});
const { journey } = session;

describe('rollback in Git', () => {
  journey(
    'rolls payments-api-dev (automated sync) back through a revert pull request, merged from the portal, and it runs the earlier release',
    async () => {
      const { page, portal } = session;
      const before = await agentApplication(
        portal,
        'argocd-nonprod',
        'payments-api-dev',
      );
      expect(before.spec.syncPolicy.automated).toBeDefined();
      const running: string[] = before.status.summary.images;

      const drawer = await openApplicationDrawer(
        page,
        portal,
        'payments-api',
        'payments-api-dev',
      );
      await drawer
        .getByText(
          /Rollback opens a pull request in Git while automated sync is on/,
        )
        .waitFor({ timeout: 30_000 });
      await drawer
        .getByRole('button', { name: 'Rollback', exact: true })
        .click();
      const dialog = page.getByRole('dialog', {
        name: 'Roll back payments-api-dev',
      });
      // automated sync: the revert in Git only, saying why
      await dialog
        .getByText(
          /payments-api-dev syncs automatically, so it is rolled back in Git/,
        )
        .waitFor();
      expect(
        await dialog
          .getByRole('radiogroup', { name: 'How to roll back' })
          .count(),
      ).toBe(0);

      // the pull request's change, read from Git before it is opened
      const change = dialog
        .getByRole('region', {
          name: /^What the pull request reverting to #\d+ changes$/,
        })
        .getByText(
          /^deploy\/overlays\/dev\/kustomization\.yaml: image ghcr\.io\/acme\/payments-api \S+ → \S+$/,
        );
      await change.waitFor({ timeout: 30_000 });
      const [, from, to] = /payments-api (\S+) → (\S+)$/.exec(
        (await change.textContent())!,
      )!;
      expect(running).toEqual([`ghcr.io/acme/payments-api:${from}`]);
      await dialog
        .getByRole('textbox', { name: /Reason/ })
        .fill('INC-9: the new release fails card payments');
      await dialog.getByRole('button', { name: 'Open pull request' }).click();

      // the result links the pull request on the git host
      const link = dialog
        .getByRole('region', { name: 'Revert pull request' })
        .getByRole('link', { name: /^pull request #\d+/ });
      await link.waitFor({ timeout: 30_000 });
      const href = (await link.getAttribute('href'))!;
      expect(href).toMatch(
        new RegExp(
          `^${
            portal.sandbox.gitHost!.baseUrl
          }/acme/payments-api-deploy/pull/\\d+$`,
        ),
      );
      expect((await fetch(href)).status).toBe(200);
      const number = Number(href.split('/').pop());

      // merged from the dialog, after the merge confirmation
      await dialog.getByRole('button', { name: `Merge #${number}` }).click();
      const confirm = page.getByRole('dialog', {
        name: `Merge pull request #${number}?`,
      });
      await confirm.getByText(`${from} → ${to}`, { exact: false }).waitFor();
      await confirm.getByRole('button', { name: `Merge #${number}` }).click();
      const merged = dialog.getByText(
        new RegExp(
          `^Merged #${number} as ([0-9a-f]{7})\\. payments-api-dev syncs automatically`,
        ),
      );
      await merged.waitFor({ timeout: 30_000 });
      const short = /as ([0-9a-f]{7})/.exec((await merged.textContent())!)![1];

      // the agent syncs the merge: the earlier release runs, the history shows it
      const after = await eventually(
        () => agentApplication(portal, 'argocd-nonprod', 'payments-api-dev'),
        app =>
          app?.status?.sync?.status === 'Synced' &&
          (app?.status?.summary?.images ?? []).includes(
            `ghcr.io/acme/payments-api:${to}`,
          ) &&
          String(app?.status?.history?.at(-1)?.revision ?? '').startsWith(
            short,
          ),
        90_000,
      );
      expect(after.status.summary.images).toEqual([
        `ghcr.io/acme/payments-api:${to}`,
      ]);
      expect(after.status.history.at(-1).revision.startsWith(short)).toBe(true);
      // eslint-disable-next-line no-console
      console.log(
        `rollback in Git: payments-api-dev ${from} -> ${to} through pull request #${number} (${short})`,
      );
    },
  );
});
