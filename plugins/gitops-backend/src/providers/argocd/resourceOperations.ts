import type {
  AutomatedSyncPolicy,
  ResourceAction,
  ResourceRef,
} from '@gitops-suite/plugin-gitops-common';
import type {
  ApplicationRef,
  ProviderCallOptions,
} from '@gitops-suite/plugin-gitops-node';
import type { AgentHttpClient } from '../http/AgentHttpClient';
import type { ArgoApiRouteScheme } from './argoApiRouteScheme';

/** v1alpha1ResourceAction, as Argo CD (and Harness's gateway) answer it. */
interface ArgoResourceAction {
  name?: string;
  displayName?: string;
  disabled?: boolean;
  iconClass?: string;
  params?: Array<{ name?: string }> | null;
}

/** One resource action, normalized (icons are the agent UI's, left out). */
export function normalizeResourceAction(
  raw: ArgoResourceAction,
): ResourceAction | undefined {
  if (!raw.name) return undefined;
  const params = (raw.params ?? []).filter(
    (p): p is { name: string } => typeof p.name === 'string' && !!p.name,
  );
  return {
    name: raw.name,
    ...(raw.displayName && { displayName: raw.displayName }),
    disabled: raw.disabled === true,
    ...(params.length && { params: params.map(p => ({ name: p.name })) }),
  };
}

/**
 * Terminating an application's running operation, setting its sync policy
 * and its resources' actions, over a route scheme (Argo CD's own routes, or Harness's gateway):
 * the calls {@link ArgoApiProvider} makes for them.
 */
export class ResourceOperations {
  constructor(
    private readonly http: AgentHttpClient,
    private readonly scheme: ArgoApiRouteScheme,
  ) {}

  async terminate(
    ref: ApplicationRef,
    options?: ProviderCallOptions,
  ): Promise<void> {
    await this.http.json<unknown>({
      ...this.scheme.terminateOperation(ref),
      signal: options?.signal,
      userToken: options?.user?.idToken,
    });
  }

  /**
   * A merge patch of `spec.syncPolicy.automated`, answered with the patched
   * application: on, with prune and self-heal as given (and `enabled: true`,
   * Argo CD 3's explicit switch, which 2.x ignores); off, removed (`null`),
   * as Argo CD's UI and `argocd app set --sync-policy none` do.
   */
  patchSyncPolicy(
    ref: ApplicationRef,
    policy: AutomatedSyncPolicy,
    options?: ProviderCallOptions,
  ): Promise<unknown> {
    const automated = policy.automated
      ? { enabled: true, prune: policy.prune, selfHeal: policy.selfHeal }
      : null;
    const patch = JSON.stringify({ spec: { syncPolicy: { automated } } });
    return this.http.json<unknown>({
      ...this.scheme.patchApplication(ref, patch),
      signal: options?.signal,
      userToken: options?.user?.idToken,
    });
  }

  async listActions(
    ref: ApplicationRef,
    resource: ResourceRef,
    options?: ProviderCallOptions,
  ): Promise<ResourceAction[]> {
    const answer = await this.http.json<{
      actions?: ArgoResourceAction[] | null;
    }>({
      ...this.scheme.resourceActions(ref, resource),
      signal: options?.signal,
    });
    return (answer?.actions ?? [])
      .map(normalizeResourceAction)
      .filter((a): a is ResourceAction => a !== undefined);
  }

  async runAction(
    ref: ApplicationRef,
    resource: ResourceRef,
    action: string,
    options?: ProviderCallOptions,
  ): Promise<void> {
    await this.http.json<unknown>({
      ...this.scheme.runResourceAction(ref, resource, action),
      signal: options?.signal,
      userToken: options?.user?.idToken,
    });
  }
}
