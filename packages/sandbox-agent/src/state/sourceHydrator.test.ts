import { Sandbox, startSandbox } from '../startSandbox';
import { applicationCrdErrors, swaggerStrict } from '../testing/swaggerValidator';
import {
  FLEET_SCENARIO,
  argoClient,
  controlClient,
  eventually,
  harnessClient,
} from '../testing/testClients';

/*
 * The example fleet's pricing-engine (Argo CD) and kyc-service (Harness)
 * are rendered by the source hydrator. Moving the dry branch through the
 * control API hydrates them; a bad value fails the hydration.
 */
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ scenarioPath: FLEET_SCENARIO, log: () => {} });
});
afterAll(() => sandbox.close());

const argo = () => sandbox.agent('argocd-nonprod');
const argoProd = () => sandbox.agent('argocd-prod');
const harness = () => sandbox.agent('harness-eu');
const argoApp = async (name: string, agent = argo()) =>
  (await argoClient(agent).get(`/api/v1/applications/${name}`)).json;

describe('the source hydrator in the sandbox', () => {
  it('serves hydrated applications in Argo CD shapes', async () => {
    const app = await argoApp('pricing-engine-dev');
    expect(applicationCrdErrors(app)).toEqual([]);
    expect(swaggerStrict().errors('v1alpha1Application', app)).toEqual([]);
    expect(app.spec.source).toBeUndefined();
    expect(app.spec.sourceHydrator).toEqual({
      drySource: {
        repoURL: 'https://github.com/acme/pricing-engine-deploy.git',
        targetRevision: 'main',
        path: 'apps/pricing-engine',
      },
      syncSource: { targetBranch: 'environments/dev', path: 'pricing-engine' },
      hydrateTo: { targetBranch: 'environments/dev-next' },
    });
    const { lastSuccessfulOperation, currentOperation } = app.status.sourceHydrator;
    expect(lastSuccessfulOperation.hydratedSHA).toBe(app.status.sync.revision);
    expect(currentOperation).toMatchObject({
      phase: 'Hydrated',
      drySHA: lastSuccessfulOperation.drySHA,
    });
    // it syncs from its sync branch
    expect(app.status.sync.comparedTo.source).toMatchObject({
      path: 'pricing-engine',
      targetRevision: 'environments/dev',
    });
  });

  it('starts a scenario with a failed hydration', async () => {
    const app = await argoApp('pricing-engine-prod', argoProd());
    expect(app.status.sourceHydrator.currentOperation).toMatchObject({
      phase: 'Failed',
      message: expect.stringContaining('replicas: invalid value "three"'),
    });
  });

  it('selects status.sourceHydrator in a lean list', async () => {
    const lean = await argoClient(argo()).get(
      '/api/v1/applications?fields=items.metadata.name,items.spec,items.status.sourceHydrator',
    );
    const app = lean.json.items.find(
      (a: any) => a.metadata.name === 'pricing-engine-qa',
    );
    expect(app.status.sourceHydrator.currentOperation.phase).toBe('Hydrated');
  });

  it('hydrates when the dry branch moves, and the automated apps sync to it', async () => {
    const before = await argoApp('pricing-engine-dev');
    const moved = await controlClient(argo()).post('/dry-commit', {
      application: 'pricing-engine-dev',
      values: { replicas: 2 },
    });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({
      phase: 'Hydrated',
      applications: ['pricing-engine-dev', 'pricing-engine-qa'],
    });
    const { drySHA, hydratedSHA } = moved.json;
    expect(drySHA).not.toBe(before.status.sourceHydrator.lastSuccessfulOperation.drySHA);
    const after = await eventually(async () => {
      const app = await argoApp('pricing-engine-qa');
      expect(app.status.sync.status).toBe('Synced');
      expect(app.status.sync.revision).toBe(hydratedSHA);
      return app;
    });
    expect(after.status.sourceHydrator).toMatchObject({
      lastSuccessfulOperation: { drySHA, hydratedSHA },
      currentOperation: { phase: 'Hydrated', drySHA, hydratedSHA },
    });
  });

  it('fails the hydration on a bad value and keeps the last hydrated commit', async () => {
    const before = await argoApp('pricing-engine-dev');
    const moved = await controlClient(argo()).post('/dry-commit', {
      application: 'pricing-engine-dev',
      values: { replicas: 'many' },
    });
    expect(moved.json).toMatchObject({
      phase: 'Failed',
      message: expect.stringContaining('replicas: invalid value "many"'),
    });
    const app = await argoApp('pricing-engine-dev');
    expect(app.status.sourceHydrator.currentOperation).toMatchObject({
      phase: 'Failed',
      drySHA: moved.json.drySHA,
    });
    expect(app.status.sourceHydrator.lastSuccessfulOperation).toEqual(
      before.status.sourceHydrator.lastSuccessfulOperation,
    );
    expect(app.status.sync.revision).toBe(before.status.sync.revision);
  });

  it('refuses applications the hydrator does not render', async () => {
    const refused = await controlClient(argo()).post('/dry-commit', {
      application: 'checkout-web-dev',
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('not rendered by the source hydrator');
  });

  it('hydrates on a Harness agent too', async () => {
    const client = harnessClient(harness());
    const read = async () =>
      (await client.get('/gitops/api/v1/agents/euagent/applications/kyc-service-dev')).json
        .app;
    expect((await read()).spec.sourceHydrator.syncSource.targetBranch).toBe(
      'environments/dev',
    );
    const moved = await controlClient(harness()).post('/dry-commit', {
      application: 'kyc-service-dev',
      values: { image: 'not an image' },
    });
    expect(moved.json.phase).toBe('Failed');
    expect((await read()).status.sourceHydrator.currentOperation).toMatchObject({
      phase: 'Failed',
      message: expect.stringContaining('images: invalid image'),
    });
  });
});
