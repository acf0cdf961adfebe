import path from 'node:path';
import { Readable } from 'node:stream';
import { parse as parseYaml } from 'yaml';
import { readinessLines } from './cli';
import { Sandbox, startSandbox } from './startSandbox';
import { FLEET_SCENARIO } from './testing/testClients';

/*
 * scripts/sandbox.js, as `npm start` uses it: the CLI's readiness lines read
 * back, and the config overlay written from them. With the identity
 * provider's line, Sandbox SSO and each agent's userIdentity; without it,
 * the overlay is what it was.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const scripts = require(path.resolve(__dirname, '../../../scripts/sandbox.js')) as {
  readAgentLines(stream: NodeJS.ReadableStream, timeoutMs: number): Promise<any>;
  sandboxConfigYaml(agents: any, appConfigPath?: string): string;
};

const APP_CONFIG = path.resolve(__dirname, '../../../app-config.yaml');

async function overlayOf(sandbox: Sandbox) {
  const agents = await scripts.readAgentLines(Readable.from([`${readinessLines(sandbox).join('\n')}\n`]), 5000);
  return { agents, config: parseYaml(scripts.sandboxConfigYaml(agents, APP_CONFIG)) };
}

describe('scripts/sandbox.js with the sandbox identity provider', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ scenarioPath: FLEET_SCENARIO, log: () => {} });
  });
  afterAll(() => sandbox.close());

  it('keeps the idp line apart from the agents', async () => {
    const { agents } = await overlayOf(sandbox);
    expect(agents.map((a: any) => a.id)).toEqual(['argocd-nonprod', 'argocd-prod', 'harness-eu']);
    expect(agents.idp).toEqual({
      issuer: sandbox.idp!.issuer,
      clientId: 'backstage',
      clientSecret: 'sandbox-backstage-oidc-client-secret',
    });
  });

  it('configures Sandbox SSO and the userIdentity of each agent in the overlay', async () => {
    const { config } = await overlayOf(sandbox);
    const issuer = sandbox.idp!.issuer;
    expect(config.auth).toEqual({
      environment: 'development',
      // the OIDC provider's sign-in state needs a session secret: one per start
      session: { secret: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) },
      providers: {
        oidc: {
          development: {
            metadataUrl: `${issuer}/.well-known/openid-configuration`,
            clientId: 'backstage',
            clientSecret: 'sandbox-backstage-oidc-client-secret',
            prompt: 'auto',
            signIn: { resolvers: [{ resolver: 'emailLocalPartMatchingUserEntityName' }] },
          },
        },
      },
    });
    const byId = Object.fromEntries(config.gitops.agents.map((a: any) => [a.id, a]));
    for (const id of ['argocd-nonprod', 'argocd-prod']) {
      expect(byId[id].userIdentity).toEqual({
        mode: 'forward-oidc-token',
        issuer,
        audience: 'backstage',
        sharedCredentialUsers: ['user:development/guest'],
      });
    }
    expect(byId['harness-eu'].userIdentity).toEqual({
      mode: 'harness-acl',
      sharedCredentialUsers: ['user:development/guest'],
    });
    expect(byId['harness-eu'].credentials.token).toBe(sandbox.agent('harness-eu').token);
  });

  it('names the Harness account of the agent no entry lists in gitops.harness.accounts', async () => {
    const { agents, config } = await overlayOf(sandbox);
    expect(agents.harnessAccounts).toEqual([
      { url: `${sandbox.baseUrl}/harness`, accountIdentifier: 'SandboxAcct9xQ2LmN4pRw', token: sandbox.agent('harness-us').token },
    ]);
    expect(config.gitops.agents.map((a: any) => a.id)).not.toContain('harness-us');
    expect(config.gitops.harness).toEqual({
      accounts: [
        { url: `${sandbox.baseUrl}/harness`, accountIdentifier: 'SandboxAcct9xQ2LmN4pRw', apiKey: sandbox.agent('harness-us').token },
      ],
    });
  });

  it('adds neither auth nor userIdentity without the idp line', async () => {
    const plain = await startSandbox({
      scenario: { agents: [{ id: 'a', kind: 'argocd', token: 'token-1234' }] },
      log: () => {},
    });
    try {
      const { agents, config } = await overlayOf(plain);
      expect(agents.idp).toBeUndefined();
      expect(agents.harnessAccounts).toBeUndefined();
      expect(config.auth).toBeUndefined();
      expect(config.gitops.harness).toBeUndefined();
      expect(config.gitops.agents).toEqual([
        { id: 'a', kind: 'argocd', url: plain.agent('a').url, uiUrl: plain.agent('a').url, credentials: { token: 'token-1234' } },
      ]);
    } finally {
      await plain.close();
    }
  });
});
