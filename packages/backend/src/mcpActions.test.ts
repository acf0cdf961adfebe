import { mockCredentials } from '@backstage/backend-test-utils';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import mcpActionsPlugin from '@backstage/plugin-mcp-actions-backend';
import {
  configEnvironments,
  shopProdAgent,
  shopScenario,
  shopService,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '@gitops-suite/plugin-gitops-backend/testUtils';

jest.setTimeout(60_000);

/*
 * The GitOps actions as an AI assistant reaches them: an MCP client over
 * Streamable HTTP against /api/mcp-actions/v1 of a backend with the gitops
 * plugin and the MCP actions plugin, as packages/backend installs them,
 * over the suite's harness (a sandbox agent serving one degraded
 * application).
 */
describe('GitOps actions over MCP', () => {
  const env = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario: shopScenario('backend-mcp-actions', {
        services: [
          shopService('ledger', {
            agents: ['prod'],
            overrides: { prod: { health: 'Degraded' } },
          }),
        ],
        agents: [shopProdAgent()],
      }),
      entities: [],
      environments: configEnvironments,
      config: { backend: { actions: { pluginSources: ['gitops'] } } },
      features: [mcpActionsPlugin],
    }),
  );

  /** An MCP client connected with the given Authorization header. */
  async function connect(authorization?: string) {
    const client = new Client({ name: 'gitops-test-assistant', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(
        new URL(`http://localhost:${env.port}/api/mcp-actions/v1`),
        {
          requestInit: {
            headers: authorization ? { authorization } : {},
          },
        },
      ),
    );
    return client;
  }

  it('lists the GitOps actions as tools', async () => {
    const client = await connect(mockCredentials.user.header());
    const { tools } = await client.listTools();
    await client.close();

    expect(
      tools
        .map(tool => tool.name)
        .filter(name => name.startsWith('gitops.'))
        .sort(),
    ).toEqual([
      'gitops.get-application-resource',
      'gitops.get-entity-gitops-status',
      'gitops.list-degraded-applications',
      'gitops.refresh-application',
      'gitops.run-resource-action',
      'gitops.sync-application',
      'gitops.terminate-operation',
    ]);
    const sync = tools.find(tool => tool.name === 'gitops.sync-application');
    expect(sync?.inputSchema.properties).toEqual(
      expect.objectContaining({
        entityRef: expect.anything(),
        agentId: expect.anything(),
        application: expect.anything(),
      }),
    );
    expect(sync?.annotations).toMatchObject({ readOnlyHint: false });
  });

  it('calls a GitOps action for the signed-in user, behind its permission', async () => {
    const client = await connect(mockCredentials.user.header());

    const answer = await client.callTool({
      name: 'gitops.list-degraded-applications',
      arguments: {},
    });
    expect(answer.isError).toBeFalsy();
    expect(answer.structuredContent).toEqual({
      total: 1,
      items: [
        expect.objectContaining({
          agentId: 'prod',
          name: 'ledger-prod',
          healthStatus: 'Degraded',
        }),
      ],
      errors: [],
    });

    // gitops.fleet.read is the action's visibility permission: without it
    // the tool is neither listed nor callable
    env.denied.add('gitops.fleet.read');
    const { tools } = await client.listTools();
    expect(tools.map(tool => tool.name)).not.toContain(
      'gitops.list-degraded-applications',
    );
    expect(tools.map(tool => tool.name)).toContain(
      'gitops.get-entity-gitops-status',
    );
    const refused = await client.callTool({
      name: 'gitops.list-degraded-applications',
      arguments: {},
    });
    await client.close();
    expect(refused).toMatchObject({
      isError: true,
      content: [
        {
          type: 'text',
          text: expect.stringContaining(
            'Action "gitops.list-degraded-applications" not found',
          ),
        },
      ],
    });
  });

  it('refuses a client without credentials', async () => {
    await expect(connect()).rejects.toThrow(/401/);
  });
});
