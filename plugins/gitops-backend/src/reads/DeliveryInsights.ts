import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { CompoundEntityRef } from '@backstage/catalog-model';
import { InputError } from '@backstage/errors';
import {
  EntityDeliveryMetricsResponse,
  FleetApplicationFilter,
  FleetDeliveryMetricsResponse,
  PromotionInsight,
} from '@gitops-suite/plugin-gitops-common';
import { computePromotionSteps } from '../promotion/computePromotionInsight';
import { promotionRepoUrl } from '../promotion/repoUrlPickerValue';
import type { GitOpsServices } from '../service/GitOpsServices';

/**
 * The days of a window of the spec's pattern (`<days>d`), from 1d to 365d
 * as it describes them (a pattern would name the range unreadably).
 */
function days(window: string): number {
  const value = Number(window.slice(0, -1));
  if (value < 1 || value > 365) {
    throw new InputError(
      `Invalid metrics query: window: must be from 1d to 365d, not ${window}`,
    );
  }
  return value;
}

/**
 * What the recorded deliveries say: the delivery metrics (DORA) of an
 * entity and of the fleet, and what separates each environment of an
 * entity from the next one. Each read takes the caller's credentials and
 * returns the answer; `window` is `<days>d`, 1d to 365d.
 */
export class DeliveryInsights {
  constructor(
    private readonly ctx: Pick<
      GitOpsServices,
      'access' | 'fleet' | 'metrics' | 'environments'
    >,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Needs `gitops.application.read` on the entity. */
  async entityMetrics(
    credentials: BackstageCredentials,
    ref: CompoundEntityRef,
    window: string,
  ): Promise<EntityDeliveryMetricsResponse> {
    const { metrics } = this.ctx;
    const { entityRef, query } = await this.ctx.access.readable(
      credentials,
      ref,
    );
    const apps = await this.ctx.fleet.entityApplications(query);
    // what is recorded now, and how far that is (never waits; these
    // applications' histories are read first)
    const recording = metrics.recording(apps.items, { prioritize: true });
    const result = await metrics.metrics(apps.items, days(window), 'entity');
    return {
      entityRef,
      window: result.window,
      environments: result.environments,
      ...recording,
      errors: apps.errors,
    };
  }

  /**
   * Needs `gitops.fleet.read`; when `filter` narrows the fleet, only the
   * applications it selects count.
   */
  async fleetMetrics(
    credentials: BackstageCredentials,
    { window, ...filter }: FleetApplicationFilter & { window: string },
  ): Promise<FleetDeliveryMetricsResponse> {
    const { metrics } = this.ctx;
    const apps = await this.ctx.access.fleetApplications(credentials, filter);
    const recording = metrics.recording(apps.items);
    const filtered = Object.values(filter).some(value => value !== undefined);
    const result = await metrics.metrics(apps.items, days(window), 'fleet', {
      filtered,
    });
    return {
      window: result.window,
      items: result.items,
      environments: result.environments,
      ...recording,
      errors: apps.errors,
    };
  }

  /** Needs `gitops.application.read` on the entity. */
  async promotion(
    credentials: BackstageCredentials,
    ref: CompoundEntityRef,
  ): Promise<PromotionInsight> {
    const { metrics } = this.ctx;
    const { fleet, environments } = this.ctx;
    const { entity, entityRef, query } = await this.ctx.access.readable(
      credentials,
      ref,
    );
    // what runs comes from the fleet state; what ran before from the
    // deployments the recorder recorded so far (never waits; these
    // applications' histories are read first)
    const apps = await fleet.entityApplications(query);
    const recording = metrics.recording(apps.items, { prioritize: true });
    const deployments = await metrics.store.listDeployments(
      apps.items.map(app => app.key),
    );
    const repoUrl = promotionRepoUrl(
      entity,
      apps.items.flatMap(app => app.sources.map(s => s.repoURL)),
    );
    const now = this.clock();
    const insight = computePromotionSteps({
      applications: apps.items,
      deployments,
      environments,
      repoUrl,
      now,
    });
    return {
      entityRef,
      generatedAt: now.toISOString(),
      ...insight,
      ...recording,
      errors: apps.errors,
    };
  }
}
