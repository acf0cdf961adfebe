import { LoggerService } from '@backstage/backend-plugin-api';
import { SignalsService } from '@backstage/plugin-signals-node';
import {
  gitopsSignalChannels,
  GitOpsChangeSignal,
} from '@gitops-suite/plugin-gitops-common';
import { FleetChange } from '../fleet/types';
import { EntityQueryIndex } from './EntityQueryIndex';
import { EntityReaders } from './EntityReaders';

/**
 * Above this many changed applications in one window (an initial load, a
 * resync after a gap), their own channels are left out: the fleet and the
 * entity channels say it (a drawer listens on its entity's channel too).
 */
const MAX_APPLICATION_SIGNALS = 100;

/** What one publish window gathered. */
interface Pending {
  agents: Set<string>;
  entities: Set<string>;
  /** Each changed application's channel, with the entities that show it. */
  applications: Map<string, Set<string>>;
}

/**
 * Pushes fleet changes to open pages through Backstage signals: each change
 * of the fleet state is published to the channels it touches, the fleet
 * channel, the channel of every entity whose query selects a changed (or
 * removed) application, and each application's own channel; a feed that
 * goes down or comes back touches every entity on its agent. Changes are
 * gathered for `windowMs` and each channel gets one signal per window; a
 * window with more than MAX_APPLICATION_SIGNALS changed applications (an
 * initial load, a resync) leaves their own channels out, so the burst is
 * bounded by the entities shown, not by the agent's applications.
 *
 * Signals carry no application data, only that something changed; the page
 * reads the change through the permission-checked API. An entity's signal
 * goes only to the signed-in users who read that entity through the API
 * ({@link EntityReaders}), and an application's to the readers of the
 * entities that show it: Backstage's signals backend lets any websocket,
 * an anonymous one too, subscribe to any channel, so the recipients are
 * what keeps one team's change notices from others. An entity or
 * application nobody read is not signalled. The fleet channel (the fleet
 * page: agent ids and timing, no entity) is broadcast.
 */
export class FleetSignalPublisher {
  private pending?: Pending;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly signals: Pick<SignalsService, 'publish'>,
    private readonly entities: EntityQueryIndex,
    private readonly readers: EntityReaders,
    private readonly options: { logger: LoggerService; windowMs?: number },
  ) {}

  /** Records a change; published at the end of the current window. */
  onChange(change: FleetChange): void {
    const pending = (this.pending ??= {
      agents: new Set(),
      entities: new Set(),
      applications: new Map(),
    });
    pending.agents.add(change.agentId);
    for (const app of [...change.applications, ...change.removed]) {
      const channel = gitopsSignalChannels.application(app.agentId, app.name);
      let shownBy = pending.applications.get(channel);
      if (!shownBy) pending.applications.set(channel, (shownBy = new Set()));
      for (const entityRef of this.entities.entitiesOf(app)) {
        pending.entities.add(entityRef);
        shownBy.add(entityRef);
      }
    }
    // a page shows an application with its ApplicationSet (its rollout)
    for (const app of change.setApplications ?? []) {
      for (const entityRef of this.entities.entitiesOf(app)) {
        pending.entities.add(entityRef);
      }
    }
    if (change.feed) {
      for (const entityRef of this.entities.entitiesOnAgent(change.agentId)) {
        pending.entities.add(entityRef);
      }
    }
    this.timer ??= setTimeout(() => {
      this.flush().catch(error =>
        this.options.logger.warn(
          `Could not publish GitOps change signals: ${error}`,
        ),
      );
    }, this.options.windowMs ?? 100);
  }

  /** Publishes what was gathered now (also when stopping). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    const message: GitOpsChangeSignal = {
      type: 'changed',
      agentIds: [...pending.agents],
      at: new Date().toISOString(),
    };
    const signals: Array<{ channel: string; users?: string[] }> = [
      { channel: gitopsSignalChannels.fleet },
      ...[...pending.entities].map(entityRef => ({
        channel: gitopsSignalChannels.entity(entityRef),
        users: this.readers.of([entityRef]),
      })),
      ...(pending.applications.size <= MAX_APPLICATION_SIGNALS
        ? [...pending.applications].map(([channel, shownBy]) => ({
            channel,
            users: this.readers.of(shownBy),
          }))
        : []),
    ];
    await Promise.all(
      signals
        .filter(({ users }) => users === undefined || users.length > 0)
        .map(({ channel, users }) =>
          this.signals.publish({
            recipients: users
              ? { type: 'user', entityRef: users }
              : { type: 'broadcast' },
            channel,
            message: { ...message },
          }),
        ),
    );
  }

  stop(): Promise<void> {
    return this.flush();
  }
}
