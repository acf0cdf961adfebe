import { Sandbox, startSandbox } from '../startSandbox';
import {
  FLEET_SCENARIO,
  argoClient,
  controlClient,
} from '../testing/testClients';

/*
 * A pull request opened on the simulated git host while the sandbox runs
 * yields a preview Application from the example fleet's
 * checkout-web-previews ApplicationSet (pullRequest generator, label
 * `preview`), and closing it removes the Application, as Argo CD's
 * controller does on the git host's webhook.
 */
const REPO = 'https://github.com/acme/checkout-web-deploy.git';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ scenarioPath: FLEET_SCENARIO, log: () => {} });
});
afterAll(() => sandbox.close());

const agent = () => sandbox.agent('argocd-nonprod');
const previewApp = (n: number) =>
  argoClient(agent()).get(`/api/v1/applications/checkout-web-pr-${n}`);

describe('pull requests on the simulated git host', () => {
  it('opens a labelled pull request: a preview Application appears', async () => {
    expect((await previewApp(77)).status).toBe(404);
    const opened = await controlClient(agent()).post('/pull-requests', {
      repo: REPO,
      number: 77,
      branch: 'feature/basket',
      labels: ['preview'],
    });
    expect(opened.status).toBe(200);
    const app = await previewApp(77);
    expect(app.status).toBe(200);
    expect(app.json.metadata.labels['gitops/service']).toBe('checkout-web');
    expect(app.json.metadata.labels['gitops/environment']).toBe('preview');
    expect(app.json.metadata.annotations['gitops/pull-request-branch']).toBe(
      'feature/basket',
    );
  });

  it('leaves a pull request without the label alone', async () => {
    await controlClient(agent()).post('/pull-requests', {
      repo: REPO,
      number: 78,
      labels: ['docs'],
    });
    expect((await previewApp(78)).status).toBe(404);
  });

  it('closes the pull request: its preview Application goes', async () => {
    const closed = await controlClient(agent()).post('/pull-requests', {
      repo: REPO,
      number: 77,
      state: 'closed',
    });
    expect(closed.status).toBe(200);
    expect((await previewApp(77)).status).toBe(404);
  });

  it('names what is wrong in a bad request', async () => {
    const noRepo = await controlClient(agent()).post('/pull-requests', {
      number: 1,
    });
    expect(noRepo.status).toBe(400);
    expect(noRepo.text).toMatch(/repo/);
    const unknown = await controlClient(agent()).post('/pull-requests', {
      repo: 'https://github.com/acme/nope.git',
      number: 1,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toMatch(/nope/);
    const notOpen = await controlClient(agent()).post('/pull-requests', {
      repo: REPO,
      number: 999,
      state: 'closed',
    });
    expect(notOpen.status).toBe(404);
  });
});
