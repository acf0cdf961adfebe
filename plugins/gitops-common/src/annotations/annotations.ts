/**
 * The GitOps service id of an entity; matches applications labelled
 * `gitops/service` or `harness.io/serviceRef` with it. Comma-separated for
 * several.
 * @public
 */
export const GITOPS_ANNOTATION_SERVICE = 'gitops/service';

/**
 * A Kubernetes label selector over Application labels.
 * @public
 */
export const GITOPS_ANNOTATION_APP_SELECTOR = 'gitops/app-selector';

/**
 * Comma-separated Application names; `ns/name` for apps in any namespace.
 * @public
 */
export const GITOPS_ANNOTATION_APP_NAME = 'gitops/app-name';

/**
 * Comma-separated agent ids to restrict the search to.
 * @public
 */
export const GITOPS_ANNOTATION_AGENTS = 'gitops/agents';

/**
 * Comma-separated Argo CD projects to restrict the search to.
 * @public
 */
export const GITOPS_ANNOTATION_PROJECT = 'gitops/project';

/**
 * Comma-separated ApplicationSet names that produce the entity's
 * applications.
 * @public
 */
export const GITOPS_ANNOTATION_APPLICATIONSET = 'gitops/applicationset';

/**
 * The peer Argo CD plugins' application name annotation (comma-separated
 * names accepted).
 * @public
 */
export const ARGOCD_ANNOTATION_APP_NAME = 'argocd/app-name';

/**
 * The peer Argo CD plugins' label selector annotation.
 * @public
 */
export const ARGOCD_ANNOTATION_APP_SELECTOR = 'argocd/app-selector';

/**
 * The peer Argo CD plugins' instance annotation; read as agent ids.
 * @public
 */
export const ARGOCD_ANNOTATION_INSTANCE_NAME = 'argocd/instance-name';

/**
 * The peer Argo CD plugins' project annotation.
 * @public
 */
export const ARGOCD_ANNOTATION_PROJECT_NAME = 'argocd/project-name';
