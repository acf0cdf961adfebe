import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import { HarnessProvider } from './HarnessProvider';
import {
  shopHarnessAgent,
  shopScenario,
  shopService,
} from '../../testUtils/shopScenario';

jest.setTimeout(60_000);

/* A Harness agent of the sandbox, read through the real provider. */
const scenario = shopScenario('harness-provider-ui-url', {
  services: [shopService('payments', { agents: ['hx'] })],
  agents: [shopHarnessAgent('hx')],
});

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
