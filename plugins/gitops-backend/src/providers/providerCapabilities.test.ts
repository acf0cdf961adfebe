import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { InputError, NotImplementedError } from '@backstage/errors';
import {
  describeProviderCapabilities,
  GitOpsProvider,
  GitOpsProviderFactory,
} from '@gitops-suite/plugin-gitops-node';
import { ArgoCdProvider } from './argocd/ArgoCdProvider';
import { HarnessProvider } from './harness/HarnessProvider';
import { ProviderRegistry } from './ProviderRegistry';
import { requireCapability } from './requireCapability';

const blocks: Record<string, Record<string, unknown>> = {
  argocd: { credentials: { token: 'argo-token' } },
  harness: {
    credentials: { token: 'pat.harness-api-key' },
    harness: { accountIdentifier: 'acct', agentIdentifier: 'agent' },
  },
};

/** An agent of `kind` whose provider is the built-in one, less `without`. */
function registryWith(kind: 'argocd' | 'harness', without: string[] = []) {
  const builtIn = kind === 'argocd' ? ArgoCdProvider : HarnessProvider;
  const factory: GitOpsProviderFactory = options => {
    const provider = builtIn.factory(options);
    // the same provider, with some members taken away (as a module's
    // provider of another kind might lack them)
    const lacking = Object.create(provider);
    for (const member of without) lacking[member] = undefined;
    return lacking;
  };
  const raw = { id: 'a1', kind, url: 'http://127.0.0.1:1', ...blocks[kind] };
  return () =>
    ProviderRegistry.create({
      agents: [{ ...raw, timeoutMs: 5000, config: new ConfigReader(raw) }],
      environments: [],
      factories: new Map([[kind, factory]]),
      logger: mockServices.logger.mock(),
    });
}

describe('provider capabilities', () => {
  it('names what each built-in provider can do beyond its core', () => {
    const argo = registryWith('argocd')().get('a1');
    const harness = registryWith('harness')().get('a1');
    expect(describeProviderCapabilities(argo)).toEqual({
      capabilities: [
        'syncPolicy',
        'terminate',
        'resourceActions',
        'applicationSets',
        'projects',
        'resources',
        'userIdentity',
        'watch',
        'applicationSetWatch',
      ],
      partial: [],
    });
    expect(describeProviderCapabilities(harness).capabilities).toEqual(
      expect.arrayContaining(['serviceSelectors', 'userIdentity', 'watch']),
    );
    expect(describeProviderCapabilities(harness).capabilities).not.toContain(
      'applicationSetWatch',
    );
  });

  it('refuses an agent whose provider has part of a capability, naming what is missing', () => {
    expect(registryWith('argocd', ['deleteApplicationSet'])).toThrow(
      new InputError(
        'gitops.agents[a1]: the argocd provider has only part of the applicationSets capability (missing deleteApplicationSet)',
      ),
    );
  });

  it('takes a provider without a capability, and answers 501 naming the agent where it is needed', () => {
    const provider: GitOpsProvider = registryWith('argocd', [
      'getResourceManifest',
      'listResourceEvents',
      'streamResourceLogs',
    ])().get('a1');
    expect(() => requireCapability(provider, 'resources')).toThrow(
      new NotImplementedError(
        'Agent a1 (argocd) cannot read resource manifests, events or logs',
      ),
    );
    expect(requireCapability(provider, 'terminate')).toBe(provider);
  });
});
