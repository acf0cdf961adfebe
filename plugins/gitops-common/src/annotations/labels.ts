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
 * The pull request an application previews (its number), as the
 * ApplicationSet pull-request generator's template sets it: the mark of a
 * preview application (see `isPreviewEnvironment`).
 * @public
 */
export const GITOPS_LABEL_PULL_REQUEST = 'gitops/pull-request';
