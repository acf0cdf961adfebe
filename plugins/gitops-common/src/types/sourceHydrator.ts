import type { GitOpsApiSchemas } from '../client/gitopsApiClient';

/**
 * How an application rendered by Argo CD's source hydrator is rendered
 * (dry source, sync source, staging branch) and how its hydration went
 * (the last successful operation, the current one).
 * @public
 */
export type SourceHydrator = GitOpsApiSchemas['SourceHydrator'];

/**
 * The hydration running now or last: `Hydrating`, `Failed` or `Hydrated`.
 * @public
 */
export type HydrateOperation = NonNullable<SourceHydrator['currentOperation']>;

/**
 * The phase of a hydrate operation.
 * @public
 */
export type HydrationPhase = HydrateOperation['phase'];

/**
 * Every {@link HydrationPhase}.
 * @public
 */
export const HYDRATION_PHASES: readonly HydrationPhase[] = [
  'Hydrating',
  'Failed',
  'Hydrated',
];

/**
 * A notice for the people who look at an application, from its
 * `notice.argocd.argoproj.io/*` annotations.
 * @public
 */
export type ApplicationNotice = GitOpsApiSchemas['ApplicationNotice'];

/**
 * How much a notice matters: `info`, `warning` or `critical`.
 * @public
 */
export type NoticeSeverity = ApplicationNotice['severity'];

/**
 * Where a notice shows: as a banner on the application, as a marker where it
 * is listed, or both.
 * @public
 */
export type NoticeScope = ApplicationNotice['scope'];
