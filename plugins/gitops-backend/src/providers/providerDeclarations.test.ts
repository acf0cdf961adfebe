import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { HARNESS_LABEL_SERVICE_REF } from './harness/harnessLabels';
import { GitOpsProviderFactory } from '@gitops-suite/plugin-gitops-node';
import { ArgoCdProvider } from './argocd/ArgoCdProvider';
import { argoCdProxyRules } from './argocd/argoCdProxyRules';
import { HarnessProvider } from './harness/HarnessProvider';
import { harnessProxyRules } from './harness/harnessProxyRules';
import { createProviderFactories } from './providerFactories';
import { ProviderRegistry } from './ProviderRegistry';

/* What each built-in provider declares of its kind, from its configuration. */
function provider(
  factory: GitOpsProviderFactory,
  kind: string,
  block: Record<string, unknown>,
) {
  const raw = { id: 'a1', kind, url: 'http://127.0.0.1:1', ...block };
  return factory({
    agent: { ...raw, timeoutMs: 5000, config: new ConfigReader(raw) },
    environments: [],
    logger: mockServices.logger.mock(),
  });
}

const harnessBlock = {
  credentials: { token: 'pat.harness-api-key' },
  harness: { accountIdentifier: 'acct', agentIdentifier: 'agent' },
};

describe('an Argo CD provider', () => {
  it('declares its token and password as secrets, not its username', () => {
    const argo = provider(ArgoCdProvider.factory, 'argocd', {
      credentials: {
        token: 'argo-token-1',
        username: 'admin',
        password: 'pw-123456',
      },
    });
    expect(argo.secrets).toEqual(['argo-token-1', 'pw-123456']);
  });

  it("declares Argo CD's proxy routes and finds applications by the suite's label alone", () => {
    const argo = provider(ArgoCdProvider.factory, 'argocd', {
      credentials: { token: 'argo-token-1' },
    });
    expect(argo.secrets).toEqual(['argo-token-1']);
    expect(argo.proxy).toBe(argoCdProxyRules);
    expect(argo.serviceSelectors).toBeUndefined();
  });
});

describe('a Harness provider', () => {
  it('declares its API key as its secret and the Harness proxy routes', () => {
    const harness = provider(HarnessProvider.factory, 'harness', harnessBlock);
    expect(harness.secrets).toEqual(['pat.harness-api-key']);
    expect(harness.proxy).toBe(harnessProxyRules);
  });

  it('finds applications by their Harness service reference, in each scoped form', () => {
    const harness = provider(HarnessProvider.factory, 'harness', harnessBlock);
    expect(harness.serviceSelectors?.(['payments', 'org.checkout'])).toEqual([
      `${HARNESS_LABEL_SERVICE_REF} in (payments,account.payments,org.payments,org.checkout,checkout,account.checkout)`,
    ]);
  });
});

describe('the provider registry', () => {
  it("scrubs with one list of every provider's secrets", () => {
    const agent = (
      id: string,
      kind: string,
      block: Record<string, unknown>,
    ) => {
      const raw = { id, kind, url: 'http://127.0.0.1:1', ...block };
      return { ...raw, timeoutMs: 5000, config: new ConfigReader(raw) };
    };
    const registry = ProviderRegistry.create({
      agents: [
        agent('argo', 'argocd', {
          credentials: { username: 'admin', password: 'pw-123456' },
        }),
        agent('hx', 'harness', harnessBlock),
      ],
      environments: [],
      factories: createProviderFactories().factories,
      logger: mockServices.logger.mock(),
    });
    expect(registry.secrets).toEqual(['pw-123456', 'pat.harness-api-key']);
  });
});
