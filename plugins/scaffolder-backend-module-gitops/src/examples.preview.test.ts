import fs from 'fs';
import path from 'path';
import { parseAllDocuments, parse } from 'yaml';
import { Entity } from '@backstage/catalog-model';
import { mockCredentials } from '@backstage/backend-test-utils';
import {
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from './__testUtils__/startGitOpsTestBackend';

jest.setTimeout(120_000);

/*
 * The example fleet (examples/fleet.yaml, what `npm start` serves) declares
 * open pull requests on checkout-web's deploy repository and a
 * pullRequest-generator ApplicationSet: the pull request labelled
 * `preview` gets a preview Application, which the checkout-web entity of
 * examples/entities.yaml selects, so it shows on that entity's GitOps tab.
 * Checked through the real gitops backend and sandbox agents.
 */
const EXAMPLES = path.resolve(__dirname, '../../../examples');

const entities = parseAllDocuments(
  fs.readFileSync(path.join(EXAMPLES, 'entities.yaml'), 'utf8'),
)
  .map(d => d.toJS() as Entity)
  .filter(e => e?.kind === 'Component');

/** The fleet's Argo CD agents (the test backend configures those only). */
function argoCdAgentsOnly(scenario: any) {
  const agents = scenario.agents.filter((a: any) => a.kind === 'argocd');
  const ids = new Set(agents.map((a: any) => a.id));
  return {
    ...scenario,
    agents,
    services: scenario.services.filter(
      (s: any) => !s.agents || s.agents.some((id: string) => ids.has(id)),
    ),
  };
}

describe('the example fleet: a pull request yields a preview Application', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario: argoCdAgentsOnly(
        parse(fs.readFileSync(path.join(EXAMPLES, 'fleet.yaml'), 'utf8')),
      ),
      entities,
      environments: [
        { name: 'dev', order: 1 },
        { name: 'qa', order: 2 },
        { name: 'prod', order: 3, production: true },
      ],
    }),
  );

  it('generates checkout-web-pr-42 for the `preview` pull request and nothing for the other', async () => {
    const res = await gitops.agentFetch(
      'argocd-nonprod',
      '/api/v1/applications?selector=gitops/service%3Dcheckout-web',
    );
    const apps = (await res.json()).items as any[];
    const previews = apps.filter(
      a => a.metadata.labels['gitops/environment'] === 'preview',
    );
    expect(
      previews.map(a => ({
        name: a.metadata.name,
        owner: a.metadata.ownerReferences?.[0]?.name,
        namespace: a.spec.destination.namespace,
        branch: a.metadata.annotations['gitops/pull-request-branch'],
      })),
    ).toEqual([
      {
        name: 'checkout-web-pr-42',
        owner: 'checkout-web-previews',
        namespace: 'checkout-web-pr-42',
        branch: 'feature/one-click-checkout',
      },
    ]);
  });

  it('shows it on the checkout-web entity and on no other', async () => {
    const ref = (entity: string) => ({
      entityRef: `component:default/${entity}`,
      agentId: 'argocd-nonprod',
      name: 'checkout-web-pr-42',
    });
    const credentials = mockCredentials.user();
    const app = await gitops.client.getApplication(
      ref('checkout-web'),
      credentials,
    );
    expect(app).toMatchObject({
      name: 'checkout-web-pr-42',
      agentId: 'argocd-nonprod',
    });
    await expect(
      gitops.client.getApplication(ref('cart-service'), credentials),
    ).rejects.toThrow(/404|not found/i);
  });
});
