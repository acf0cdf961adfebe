import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { gitopsApplicationReadPermission } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsServices } from '../service/GitOpsServices';
import { ApplicationTarget } from '../service/applicationTarget';
import { AgentPermissions } from '../identity/AgentPermissions';

/**
 * What the application drawer reads of one application of an entity: the
 * application, its resource tree, its diff, a revision, its sync windows and
 * its events. Each needs `gitops.application.read` on the entity and an
 * application the entity's annotations select.
 */
export class ApplicationReads {
  private readonly agentAccess: AgentPermissions;

  constructor(
    private readonly ctx: Pick<
      GitOpsServices,
      'access' | 'audit' | 'userIdentity'
    >,
  ) {
    this.agentAccess = new AgentPermissions(ctx.userIdentity);
  }

  async application(
    credentials: BackstageCredentials,
    target: ApplicationTarget,
  ) {
    const { provider, ref } = await this.resolve(credentials, target);
    return { application: await provider.getApplication(ref) };
  }

  async resourceTree(
    credentials: BackstageCredentials,
    target: ApplicationTarget,
  ) {
    const { provider, ref } = await this.resolve(credentials, target);
    return provider.getResourceTree(ref);
  }

  /** The managed resources, live against desired. */
  async diff(credentials: BackstageCredentials, target: ApplicationTarget) {
    const { provider, ref } = await this.resolve(credentials, target);
    return { items: await provider.getManagedResources(ref) };
  }

  async revision(
    credentials: BackstageCredentials,
    target: ApplicationTarget,
    revision: string,
  ) {
    const { provider, ref } = await this.resolve(credentials, target);
    return provider.getRevisionMetadata(ref, revision);
  }

  async syncWindows(
    credentials: BackstageCredentials,
    target: ApplicationTarget,
  ) {
    const { provider, ref } = await this.resolve(credentials, target);
    return { items: await provider.getSyncWindows(ref) };
  }

  /**
   * What the agent's own access control lets the user do on the
   * application (`userToken`: the user's ID token, where the agent takes it).
   */
  async agentPermissions(
    credentials: BackstageCredentials,
    target: ApplicationTarget,
    userToken: string | undefined,
  ) {
    const { provider, ref } = await this.resolve(credentials, target);
    return this.agentAccess.forApplication(
      credentials,
      provider,
      ref,
      userToken,
    );
  }

  /** The application's last 100 operations and drift events. */
  async events(credentials: BackstageCredentials, target: ApplicationTarget) {
    const { app } = await this.resolve(credentials, target);
    const log = this.ctx.audit;
    // this application's own: a same-named one in another namespace is another
    const locator = {
      agentId: app.agentId,
      application: app.name,
      appNamespace: app.namespace,
      limit: 100,
    };
    const [audit, drift] = await Promise.all([
      log.listOperations(locator),
      log.listDriftEvents(locator),
    ]);
    return { audit, drift };
  }

  private resolve(
    credentials: BackstageCredentials,
    target: ApplicationTarget,
  ) {
    return this.ctx.access.resolve(
      credentials,
      target,
      gitopsApplicationReadPermission,
    );
  }
}
