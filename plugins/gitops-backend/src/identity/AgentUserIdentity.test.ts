import { ConfigReader } from '@backstage/config';
import { mockCredentials } from '@backstage/backend-test-utils';
import type {
  GitOpsAgentConfig,
  GitOpsProvider,
} from '@gitops-suite/plugin-gitops-node';
import { AgentUserIdentity } from './AgentUserIdentity';
import { startTestIssuer, TestIssuer } from '../testUtils/startTestIssuer';

const users = {
  'user:default/ada': {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'User',
    metadata: { name: 'ada', namespace: 'default' },
    spec: { profile: { email: 'ada@acme.example' } },
  },
  'user:default/dana': {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'User',
    metadata: {
      name: 'dana',
      namespace: 'default',
      annotations: { 'harness.io/user-id': 'hx-dana' },
    },
    spec: { profile: { email: 'dana@acme.example' } },
  },
  'user:default/noemail': {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'User',
    metadata: { name: 'noemail', namespace: 'default' },
    spec: {},
  },
};

function agent(id: string, kind: string, block?: object): GitOpsAgentConfig {
  return {
    id,
    kind,
    url: 'http://127.0.0.1:1',
    timeoutMs: 1000,
    config: new ConfigReader({
      id,
      kind,
      ...(block && { userIdentity: block }),
    }),
  };
}

const modes: Record<string, string[]> = {
  argocd: ['forward-oidc-token'],
  harness: ['harness-acl'],
};

function identity(agents: GitOpsAgentConfig[]) {
  return new AgentUserIdentity({
    agents,
    provider: id => {
      const a = agents.find(x => x.id === id)!;
      // the user identity capability: its modes; whether the user may is
      // not asked here
      return {
        userIdentityModes: modes[a.kind],
        canI: () => {
          throw new Error('canI is not asked when the identity is chosen');
        },
      } as unknown as GitOpsProvider;
    },
    catalog: {
      getEntityByRef: async (ref: any) => (users as any)[ref],
    },
    auth: { getOwnServiceCredentials: async () => mockCredentials.service() },
  });
}

describe('AgentUserIdentity', () => {
  let idp: TestIssuer;
  let foreign: TestIssuer;
  beforeAll(async () => {
    idp = await startTestIssuer();
    foreign = await startTestIssuer();
  });
  afterAll(async () => {
    await idp.close();
    await foreign.close();
  });

  const forwarding = () =>
    identity([
      agent('argo', 'argocd', {
        mode: 'forward-oidc-token',
        issuer: idp.issuer,
        audience: 'backstage',
        sharedCredentialUsers: ['user:development/guest'],
      }),
      agent('plain', 'argocd'),
      agent('harness', 'harness', {
        mode: 'harness-acl',
        principalAnnotation: 'harness.io/user-id',
      }),
    ]);
  const ada = mockCredentials.user('user:default/ada');

  it("forwards the user's own verified token", async () => {
    const token = await idp.mint({
      sub: 'ada',
      aud: 'backstage',
      email: 'ADA@acme.example',
    });
    await expect(
      forwarding().forOperation(ada, 'argo', token),
    ).resolves.toEqual({
      entityRef: 'user:default/ada',
      idToken: token,
    });
  });

  it('refuses a token for another user', async () => {
    const token = await idp.mint({
      sub: 'dana',
      aud: 'backstage',
      email: 'dana@acme.example',
    });
    await expect(forwarding().forOperation(ada, 'argo', token)).rejects.toThrow(
      'Your sign-in token is for dana@acme.example, but you are signed in to Backstage as user:default/ada; sign in again through single sign-on',
    );
  });

  it('refuses an expired token', async () => {
    const token = await idp.mint(
      { sub: 'ada', aud: 'backstage', email: 'ada@acme.example' },
      { expiresInSeconds: -120 },
    );
    const error = await forwarding()
      .forOperation(ada, 'argo', token)
      .catch(e => e);
    expect(error.name).toBe('AuthenticationError');
    expect(error.message).toBe(
      'Your sign-in token has expired; sign in again through single sign-on',
    );
  });

  it('refuses a token from another issuer, and one signed by another key', async () => {
    const other = await foreign.mint({
      sub: 'ada',
      aud: 'backstage',
      email: 'ada@acme.example',
    });
    await expect(forwarding().forOperation(ada, 'argo', other)).rejects.toThrow(
      `Your sign-in token was issued by ${foreign.issuer}, not by ${idp.issuer}, the identity provider this agent trusts`,
    );
    // the issuer claimed, the key not the issuer's
    const [, , forgedSig] = other.split('.');
    const genuine = await idp.mint({
      sub: 'ada',
      aud: 'backstage',
      email: 'ada@acme.example',
    });
    const [h, p] = genuine.split('.');
    await expect(
      forwarding().forOperation(ada, 'argo', `${h}.${p}.${forgedSig}`),
    ).rejects.toThrow(`Your sign-in token is not signed by ${idp.issuer}`);
  });

  it('refuses a token for another audience', async () => {
    const token = await idp.mint({
      sub: 'ada',
      aud: 'another-app',
      email: 'ada@acme.example',
    });
    await expect(forwarding().forOperation(ada, 'argo', token)).rejects.toThrow(
      'is not meant for this portal',
    );
  });

  it('refuses a missing token, and never falls back to the shared credential', async () => {
    const error = await forwarding()
      .forOperation(ada, 'argo', undefined)
      .catch(e => e);
    expect(error.name).toBe('AuthenticationError');
    expect(error.message).toContain(
      'your sign-in token is missing (header x-gitops-user-token)',
    );
  });

  it('keeps the shared credential for agents without userIdentity and for listed users', async () => {
    const id = forwarding();
    await expect(
      id.forOperation(ada, 'plain', undefined),
    ).resolves.toBeUndefined();
    expect(id.kind(ada, 'plain')).toBe('shared-credential');
    const guest = mockCredentials.user('user:development/guest');
    await expect(
      id.forOperation(guest, 'argo', undefined),
    ).resolves.toBeUndefined();
    expect(id.kind(guest, 'argo')).toBe('shared-credential');
    expect(id.kind(ada, 'argo')).toBe('forwarded-oidc-token');
  });

  it('refuses a backend service where the agent decides as the user', async () => {
    await expect(
      forwarding().forOperation(mockCredentials.service(), 'argo', undefined),
    ).rejects.toThrow('a backend service cannot operate there');
  });

  it("gives Harness the user's principal: the annotation, else the email", async () => {
    const id = forwarding();
    await expect(
      id.forOperation(
        mockCredentials.user('user:default/dana'),
        'harness',
        undefined,
      ),
    ).resolves.toEqual({
      entityRef: 'user:default/dana',
      principal: 'hx-dana',
    });
    await expect(id.forOperation(ada, 'harness', undefined)).resolves.toEqual({
      entityRef: 'user:default/ada',
      principal: 'ada@acme.example',
    });
    await expect(
      id.forOperation(
        mockCredentials.user('user:default/noemail'),
        'harness',
        undefined,
      ),
    ).rejects.toThrow('has no email in the catalog');
  });

  it('refuses a configuration the kind cannot serve, naming the agent', () => {
    expect(() =>
      identity([
        agent('h', 'harness', {
          mode: 'forward-oidc-token',
          issuer: 'http://idp',
        }),
      ]),
    ).toThrow(
      "gitops.agents[h].userIdentity.mode 'forward-oidc-token' is not one kind harness supports (harness-acl)",
    );
    expect(() => identity([agent('a', 'argocd', { mode: 'sso' })])).toThrow(
      "gitops.agents[a].userIdentity.mode must be one of forward-oidc-token, harness-acl, not 'sso'",
    );
    expect(() =>
      identity([
        agent('a', 'argocd', {
          mode: 'forward-oidc-token',
          issuer: 'idp.example',
        }),
      ]),
    ).toThrow(
      "gitops.agents[a].userIdentity.issuer must be the identity provider's http(s) issuer URL",
    );
  });
});
