import { controlAgent, openApplicationDrawer } from './support/entityTab';
import { usePortalPage } from './support/portalPage';

/*
 * Applications the source hydrator renders (examples/fleet.yaml:
 * pricing-engine on the Argo CD agents, kyc-service on the Harness one), on
 * the entity tab: the dry and hydrated commits in the matrix, and in the
 * drawer both sources, the hydration and a failure's message; a hydration
 * that fails while the drawer is open shows there with no reload.
 */

const session = usePortalPage({ viewport: { width: 1280, height: 900 } });
const { journey } = session;

/** The dry and hydrated commits an agent reports for an application. */
async function hydration(agentId: string, name: string) {
  const agent = session.portal.sandbox.agent(agentId);
  const res = await fetch(`${agent.url}/api/v1/applications/${name}`, {
    headers: { authorization: `Bearer ${agent.token}` },
  });
  const app = await res.json();
  return app.status.sourceHydrator.lastSuccessfulOperation as {
    drySHA: string;
    hydratedSHA: string;
  };
}

describe('the source hydrator on the entity tab', () => {
  journey(
    'shows the dry and hydrated commits, and a failed hydration live (Argo CD)',
    async () => {
      const drawer = await openApplicationDrawer(
        session.page,
        session.portal,
        'pricing-engine',
        'pricing-engine-dev',
      );
      const { drySHA, hydratedSHA } = await hydration(
        'argocd-nonprod',
        'pricing-engine-dev',
      );
      const hydrator = drawer.getByLabel('Source hydrator');
      await hydrator.getByText(/apps\/pricing-engine @ main/).waitFor();
      await hydrator.getByText('Hydrated', { exact: true }).waitFor();
      // the dry branch moves with a value the render cannot take
      await controlAgent(session.portal, 'argocd-nonprod', '/dry-commit', {
        application: 'pricing-engine-dev',
        values: { replicas: 'many' },
      });
      await hydrator
        .getByText(/Hydration failed.*replicas: invalid value "many"/)
        .waitFor({ timeout: 60_000 });
      // the matrix (under the drawer) still names what runs: the last
      // hydrated commit and the dry commit it was rendered from
      await session.page.keyboard.press('Escape');
      const matrix = session.page.getByRole('table', {
        name: 'Environment matrix',
      });
      await matrix
        .getByRole('link', {
          name: new RegExp(`^Commit ${drySHA.slice(0, 7)}`),
        })
        .first()
        .waitFor();
      await matrix
        .getByRole('link', {
          name: new RegExp(`^Commit ${hydratedSHA.slice(0, 7)}`),
        })
        .first()
        .waitFor();
      // the release is linked to its commit
      expect(
        await matrix
          .getByRole('link', { name: /^Commit / })
          .first()
          .getAttribute('href'),
      ).toBeTruthy();
    },
  );

  journey(
    'shows a failed hydration of a Harness agent with its message',
    async () => {
      const drawer = await openApplicationDrawer(
        session.page,
        session.portal,
        'kyc-service',
        'kyc-service-prod',
      );
      const hydrator = drawer.getByLabel('Source hydrator');
      await hydrator
        .getByText(/Hydration failed.*replicas: invalid value "three"/)
        .waitFor({ timeout: 60_000 });
      await drawer
        .getByText('The KYC provider moves to v3 on 2026-12-15')
        .waitFor();
      expect(await hydrator.textContent()).toMatch(
        /Hydration failed.*replicas: invalid value "three"/,
      );
    },
  );
});
