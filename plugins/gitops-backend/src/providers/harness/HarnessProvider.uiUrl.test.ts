import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import { scenarioEnvironments } from '../../testUtils/sandboxFixtures';
import { HarnessProvider } from './HarnessProvider';

jest.setTimeout(60_000);

/* A Harness agent of the sandbox, read through the real provider. */
const scenario = {
  seed: 'harness-provider-ui-url',
  environments: scenarioEnvironments,
  projects: [{ name: 'shop' }],
  services: [
    {
      name: 'payments',
      repo: 'https://github.com/acme/payments-deploy.git',
      project: 'shop',
      agents: ['hx'],
    },
  ],
  agents: [
    {
      id: 'hx',
      kind: 'harness',
      token: 'ui-url-harness-key-0001',
      environments: [{ name: 'dev', cluster: 'eu' }],
      clusters: [
        {
          name: 'eu',
          server: 'https://eu.example.internal:6443',
          identifier: 'eu_cluster',
        },
      ],
      harness: {
        accountIdentifier: 'acct123',
        orgIdentifier: 'default',
        projectIdentifier: 'shop',
        agentIdentifier: 'hxagent',
      },
    },
  ],
};

describe('HarnessProvider application links', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ scenario, log: () => {} });
  });
  afterAll(() => sandbox?.close());

  it("links each application to Harness's GitOps page with account, org, project and agent", async () => {
    const [agent] = sandbox.agents;
    const raw = {
      id: agent.id,
      kind: agent.kind,
      url: agent.url,
      uiUrl: 'https://app.harness.io',
      timeoutMs: 5000,
      credentials: { token: agent.token },
      harness: {
        accountIdentifier: 'acct123',
        orgIdentifier: 'default',
        projectIdentifier: 'shop',
        agentIdentifier: 'hxagent',
      },
    };
    const provider = HarnessProvider.factory({
      agent: { ...raw, config: new ConfigReader(raw) },
      environments: [],
      logger: mockServices.logger.mock(),
    });
    const apps = await provider.listApplications({});
    expect(apps.length).toBeGreaterThan(0);
    for (const app of apps) {
      expect(app.uiUrl).toBe(
        `https://app.harness.io/ng/account/acct123/all/orgs/default/projects/shop/gitops/applications/${app.name}?agentId=hxagent`,
      );
    }
  });
});
