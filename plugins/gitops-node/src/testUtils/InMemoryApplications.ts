import {
  applicationKey,
  matchesLabelSelector,
  parseLabelSelector,
  type GitOpsAgentInfo,
  type GitOpsApplication,
  type LabelSelector,
} from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsAgentError,
  type ApplicationListQuery,
  type ApplicationRef,
  type ListSnapshot,
  type WatchOptions,
} from '@gitops-suite/plugin-gitops-node';
import { leanApplication } from './inMemoryOperations';
import type { InMemoryApplicationDetails } from './inMemoryOptions';
import { InMemoryWatchHub } from './InMemoryWatchHub';

const refKey = (ref: { namespace?: string; name: string }) =>
  `${ref.namespace ?? ''}/${ref.name}`;

/** A copy: what leaves the agent never aliases what it holds. */
export const copy = <T>(value: T): T => structuredClone(value);

/**
 * The applications of one in-memory agent, by namespace and name (an
 * application without one is named without one), with what the agent
 * knows of each beyond it, and the watch every change is published to.
 */
export class InMemoryApplications {
  private readonly apps = new Map<string, GitOpsApplication>();
  private readonly details = new Map<string, InMemoryApplicationDetails>();
  private readonly hub: InMemoryWatchHub<GitOpsApplication>;

  constructor(private readonly agent: GitOpsAgentInfo) {
    this.hub = new InMemoryWatchHub(agent.id);
  }

  /** Whether a held application's ApplicationSet is `name`. */
  generatedBy(name: string): string[] {
    return [...this.apps.values()]
      .filter(app => app.applicationSet === name)
      .map(app => app.name);
  }

  /** Holds an application as this agent's own, unpublished (seeding). */
  hold(app: GitOpsApplication): GitOpsApplication {
    const held: GitOpsApplication = {
      ...copy(app),
      agentId: this.agent.id,
      agentKind: this.agent.kind,
      key: applicationKey(this.agent.id, app.namespace, app.name),
    };
    this.apps.set(refKey(held), held);
    return held;
  }

  /** Holds an application and publishes it as added or modified. */
  put(app: GitOpsApplication): GitOpsApplication {
    const existed = this.apps.has(refKey(app));
    const held = this.hold(app);
    this.publish(existed ? 'MODIFIED' : 'ADDED', held);
    return copy(held);
  }

  /** Drops an application and publishes its deletion. */
  remove(ref: ApplicationRef): void {
    const held = this.held(ref);
    this.apps.delete(refKey(held));
    this.details.delete(refKey(held));
    this.publish('DELETED', held);
  }

  /**
   * The held application; `not_found` when there is none of that namespace
   * and name, or it is in another project than the one `ref` names.
   */
  held(ref: ApplicationRef): GitOpsApplication {
    const app = this.apps.get(refKey(ref));
    if (!app || (ref.project !== undefined && ref.project !== app.project)) {
      throw new GitOpsAgentError(
        this.agent.id,
        'not_found',
        `Agent ${this.agent.id} has no application ${refKey(ref)}${
          ref.project !== undefined ? ` in project ${ref.project}` : ''
        }`,
        404,
      );
    }
    return app;
  }

  setDetails(ref: ApplicationRef, details: InMemoryApplicationDetails): void {
    this.details.set(refKey(this.held(ref)), copy(details));
  }

  detailsOf(ref: ApplicationRef): InMemoryApplicationDetails {
    return copy(this.details.get(refKey(this.held(ref))) ?? {});
  }

  /** The applications `query` selects (every restriction applies), as copies. */
  list(query: ApplicationListQuery): GitOpsApplication[] {
    const selector = this.parse(query.selector);
    return [...this.apps.values()]
      .filter(
        app =>
          (!selector || matchesLabelSelector(selector, app.labels)) &&
          (!query.projects?.length || query.projects.includes(app.project)) &&
          (query.name === undefined || app.name === query.name) &&
          (query.appNamespace === undefined ||
            app.namespace === query.appNamespace),
      )
      .map(app => copy(query.lean ? leanApplication(app) : app));
  }

  snapshot(): ListSnapshot<GitOpsApplication> {
    return this.hub.snapshot(
      [...this.apps.values()].map(app => copy(leanApplication(app))),
    );
  }

  watch(options: WatchOptions<GitOpsApplication>): Promise<void> {
    return this.hub.watch(options);
  }

  /** Ends every open watch with `error`. */
  failWatches(error: GitOpsAgentError): void {
    this.hub.failAll(error);
  }

  private publish(
    type: 'ADDED' | 'MODIFIED' | 'DELETED',
    app: GitOpsApplication,
  ): void {
    this.hub.publish({ type, object: copy(leanApplication(app)) });
  }

  private parse(selector: string | undefined): LabelSelector | undefined {
    if (selector === undefined) return undefined;
    try {
      return parseLabelSelector(selector);
    } catch (error) {
      throw new GitOpsAgentError(
        this.agent.id,
        'invalid_request',
        `Agent ${this.agent.id} refused the selector ${selector}: ${
          (error as Error).message
        }`,
        400,
      );
    }
  }
}
