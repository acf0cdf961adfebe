import type {
  ListSnapshot,
  WatchEvent,
  WatchOptions,
} from '@gitops-suite/plugin-gitops-node';
import { GitOpsAgentError } from '@gitops-suite/plugin-gitops-node';

/**
 * The changes of one in-memory list (applications, ApplicationSets), each
 * numbered as a Kubernetes resourceVersion is: a snapshot says the version
 * it was taken at, and a watch from that version gets every later change,
 * in order, then the live ones until its signal aborts.
 */
export class InMemoryWatchHub<T> {
  private version = 0;
  private readonly log: Array<{ version: number; event: WatchEvent<T> }> = [];
  private readonly watchers = new Set<{
    send: (event: WatchEvent<T>) => void;
    stop: () => void;
    fail: (error: GitOpsAgentError) => void;
  }>();

  constructor(private readonly agentId: string) {}

  /** The current version, as a snapshot's `resourceVersion`. */
  get resourceVersion(): string {
    return String(this.version);
  }

  /** The list as of now, with the version to watch it from. */
  snapshot(items: T[]): ListSnapshot<T> {
    return { items, resourceVersion: this.resourceVersion };
  }

  /** Records a change and sends it to every open watch. */
  publish(event: WatchEvent<T>): void {
    this.version += 1;
    this.log.push({ version: this.version, event });
    for (const watcher of this.watchers) watcher.send(event);
  }

  /** Ends every open watch with `error` (the agent went away). */
  failAll(error: GitOpsAgentError): void {
    for (const watcher of [...this.watchers]) watcher.fail(error);
  }

  /**
   * Sends the changes after `options.resourceVersion` (all of them when
   * absent), then every new one, until the signal aborts (resolves) or
   * {@link InMemoryWatchHub.failAll} ends it (rejects).
   */
  watch(options: WatchOptions<T>): Promise<void> {
    const from = Number(options.resourceVersion ?? 0);
    if (!Number.isInteger(from) || from < 0 || from > this.version) {
      return Promise.reject(
        new GitOpsAgentError(
          this.agentId,
          'invalid_request',
          `Agent ${this.agentId} cannot watch from resourceVersion ${options.resourceVersion}: its latest is ${this.version}`,
          400,
        ),
      );
    }
    if (options.signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const watcher = {
        send: (event: WatchEvent<T>) => options.onEvent(event),
        stop: () => {
          this.watchers.delete(watcher);
          resolve();
        },
        fail: (error: GitOpsAgentError) => {
          this.watchers.delete(watcher);
          options.signal.removeEventListener('abort', watcher.stop);
          reject(error);
        },
      };
      options.signal.addEventListener('abort', watcher.stop, { once: true });
      options.onOpen?.();
      for (const entry of this.log) {
        if (entry.version > from) options.onEvent(entry.event);
      }
      this.watchers.add(watcher);
    });
  }
}
