/**
 * Application label naming the GitOps service it deploys.
 * @public
 */
export const GITOPS_LABEL_SERVICE = 'gitops/service';

/**
 * Application label naming its environment; wins over destination matching.
 * @public
 */
export const GITOPS_LABEL_ENVIRONMENT = 'gitops/environment';

/**
 * Harness's Application label naming its service, scope-prefixed
 * (`account.payments`, `org.payments` or `payments`).
 * @public
 */
export const HARNESS_LABEL_SERVICE_REF = 'harness.io/serviceRef';

/**
 * Harness's Application label naming its environment, scope-prefixed.
 * @public
 */
export const HARNESS_LABEL_ENV_REF = 'harness.io/envRef';

/**
 * The pull request an application previews (its number), as the
 * ApplicationSet pull-request generator's template sets it: the mark of a
 * preview application (see `isPreviewEnvironment`).
 * @public
 */
export const GITOPS_LABEL_PULL_REQUEST = 'gitops/pull-request';
