import type { GitOpsApplicationSet } from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsAgentError,
  type ApplicationSetCreateResult,
  type ApplicationSetRef,
  type ListSnapshot,
  type WatchOptions,
} from '@gitops-suite/plugin-gitops-node';
import {
  applicationSetFromManifest,
  applicationSetManifestProblem,
} from './applicationSetFromManifest';
import { copy } from './InMemoryApplications';
import { InMemoryWatchHub } from './InMemoryWatchHub';

/**
 * The ApplicationSets of one in-memory agent, by name, and the watch their
 * changes are published to. No generator runs: a set's applications are
 * those the agent holds with it as their `applicationSet`.
 */
export class InMemoryApplicationSets {
  private readonly sets = new Map<string, GitOpsApplicationSet>();
  private readonly hub: InMemoryWatchHub<GitOpsApplicationSet>;

  constructor(
    private readonly agentId: string,
    seeded: GitOpsApplicationSet[],
  ) {
    this.hub = new InMemoryWatchHub(agentId);
    for (const set of seeded)
      this.sets.set(set.name, { ...copy(set), agentId });
  }

  list(): GitOpsApplicationSet[] {
    return [...this.sets.values()].map(copy);
  }

  get(set: string | ApplicationSetRef): GitOpsApplicationSet {
    const name = typeof set === 'string' ? set : set.name;
    const found = this.sets.get(name);
    if (!found) {
      throw new GitOpsAgentError(
        this.agentId,
        'not_found',
        `Agent ${this.agentId} has no ApplicationSet named ${name}`,
        404,
      );
    }
    return copy(found);
  }

  /**
   * Creates (or, with `upsert`, replaces) a set from its manifest, as Argo
   * CD does: an existing set is refused without `upsert`; a dry run only
   * answers what would be held.
   */
  create(
    manifest: Record<string, unknown>,
    flags: { upsert: boolean; dryRun: boolean },
    generated: (name: string) => string[],
    now: string,
  ): ApplicationSetCreateResult {
    const problem = applicationSetManifestProblem(manifest);
    if (problem) throw this.refusal(`the ApplicationSet: ${problem}`);
    const name = String((manifest.metadata as { name: string }).name);
    const existing = this.sets.get(name);
    if (existing && !flags.upsert) {
      throw this.refusal(
        `the ApplicationSet ${name}: existing ApplicationSet spec is different, use upsert flag to force update`,
      );
    }
    const set = applicationSetFromManifest(
      manifest,
      this.agentId,
      generated(name),
      existing?.createdAt ?? now,
    );
    if (!flags.dryRun) {
      this.sets.set(name, set);
      this.hub.publish({
        type: existing ? 'MODIFIED' : 'ADDED',
        object: copy(set),
      });
    }
    return { applicationSet: copy(set), dryRun: flags.dryRun };
  }

  snapshot(): ListSnapshot<GitOpsApplicationSet> {
    return this.hub.snapshot(this.list());
  }

  watch(options: WatchOptions<GitOpsApplicationSet>): Promise<void> {
    return this.hub.watch(options);
  }

  failWatches(error: GitOpsAgentError): void {
    this.hub.failAll(error);
  }

  private refusal(what: string): GitOpsAgentError {
    return new GitOpsAgentError(
      this.agentId,
      'invalid_request',
      `Agent ${this.agentId} refused ${what}`,
      400,
    );
  }
}
