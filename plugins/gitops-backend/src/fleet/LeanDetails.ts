import { LoggerService } from '@backstage/backend-plugin-api';
import {
  deployedRevision,
  GitOpsApplication,
  HistoryEntry,
  operationFailed,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsProvider } from '@gitops-suite/plugin-gitops-node';
import { FleetChange } from './types';
import type { AgentReadSlots } from './AgentReadSlots';

/** What a full read adds to a lean application. */
interface Details {
  /** The lean state these details belong to (see {@link stampOf}). */
  stamp: string;
  message?: string;
  latest?: HistoryEntry;
}

/** The part of a lean application whose change makes its details stale. */
const stampOf = (app: GitOpsApplication) =>
  [
    app.operation?.phase,
    app.operation?.finishedAt,
    app.sync.status,
    app.sync.revision,
  ].join('|');

const failed = (app: GitOpsApplication) => operationFailed(app.operation);

/**
 * A lean read (list or watch `fields`) has no history and no operation
 * message. For most applications it needs neither: a Synced application
 * runs what it is synced to, and a successful last sync says what it
 * deployed. Two kinds of application cannot be told from it: one whose
 * last sync failed (the error is the message a person needs, and what runs
 * is the deployment before) and one that is out of sync with no
 * successful sync on record. For those, and only when their lean state
 * changes, this reads the one application in full and keeps its operation
 * message and latest deployment, which the state then merges into every
 * lean copy of it with the same stamp.
 */
export class LeanDetails {
  private readonly details = new Map<string, Details>();
  private readonly queue: Array<{ agentId: string; app: GitOpsApplication }> =
    [];
  private readonly queued = new Set<string>();
  private running = 0;
  private state?: {
    redecorate(agentId: string, key: string): void;
    subscribe(
      listener: (change: FleetChange) => void,
      name?: string,
    ): () => void;
  };

  constructor(
    private readonly options: {
      provider: (agentId: string) => GitOpsProvider | undefined;
      logger: LoggerService;
      /** The agents' read slots, shared with the recorder's history reads. */
      slots?: AgentReadSlots;
      /** Full reads in flight at once, over all agents. */
      concurrency?: number;
      timeoutMs?: number;
    },
  ) {}

  /**
   * Follows the state's changes; puts a read application's lean copy back
   * through the state once its details are in.
   */
  attach(state: NonNullable<LeanDetails['state']>): void {
    this.state = state;
    state.subscribe(this.onChange, 'the lean details reader');
  }

  /** The application with the details known for its current lean state. */
  readonly decorate = (app: GitOpsApplication): GitOpsApplication => {
    if (app.history.length) return app;
    const known = this.details.get(app.key);
    if (!known || known.stamp !== stampOf(app)) return app;
    return {
      ...app,
      ...(known.latest && { history: [known.latest] }),
      ...(known.message &&
        app.operation && {
          operation: { ...app.operation, message: known.message },
        }),
    };
  };

  /** Queues a full read of each changed application a lean read cannot tell. */
  readonly onChange = (change: FleetChange): void => {
    for (const app of change.removed) this.details.delete(app.key);
    for (const app of change.applications) {
      if (this.wants(app)) this.enqueue(change.agentId, app);
    }
  };

  private wants(app: GitOpsApplication): boolean {
    if (app.history.length || this.queued.has(app.key)) return false;
    if (this.details.get(app.key)?.stamp === stampOf(app)) return false;
    return (
      (failed(app) && !app.operation?.message) || deployedRevision(app).desired
    );
  }

  private enqueue(agentId: string, app: GitOpsApplication) {
    this.queued.add(app.key);
    this.queue.push({ agentId, app });
    this.drain();
  }

  private drain() {
    const limit = this.options.concurrency ?? 4;
    while (this.running < limit && this.queue.length) {
      const next = this.queue.shift()!;
      this.running += 1;
      this.read(next.agentId, next.app).finally(() => {
        this.running -= 1;
        this.queued.delete(next.app.key);
        this.drain();
      });
    }
  }

  private async read(agentId: string, lean: GitOpsApplication) {
    const provider = this.options.provider(agentId);
    if (!provider) return;
    try {
      const read = () =>
        provider.getApplication(
          { name: lean.name, namespace: lean.namespace },
          { signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000) },
        );
      const slots = this.options.slots;
      const full = await (slots ? slots.run(agentId, read) : read());
      this.details.set(lean.key, {
        // stamped with the full read's own state: a change meanwhile is not
        // mistaken for what was read
        stamp: stampOf(full),
        ...(full.operation?.message && { message: full.operation.message }),
        ...(full.history[0] && { latest: full.history[0] }),
      });
      this.state?.redecorate(agentId, lean.key);
    } catch (error) {
      // the lean state stays as it is; the next change asks again
      this.options.logger.debug(
        `Could not read ${lean.name} in full on agent ${agentId}: ${error}`,
      );
    }
  }
}
