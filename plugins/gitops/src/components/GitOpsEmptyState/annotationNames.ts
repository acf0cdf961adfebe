import {
  ARGOCD_ANNOTATION_APP_NAME,
  ARGOCD_ANNOTATION_APP_SELECTOR,
  GITOPS_ANNOTATION_APPLICATIONSET,
  GITOPS_ANNOTATION_APP_NAME,
  GITOPS_ANNOTATION_APP_SELECTOR,
  GITOPS_ANNOTATION_SERVICE,
} from '@gitops-suite/plugin-gitops-common';

/** The annotations that link an entity to its GitOps applications. */
export const LINKING_ANNOTATIONS: Array<{ name: string; meaning: string }> = [
  {
    name: GITOPS_ANNOTATION_SERVICE,
    meaning:
      'the GitOps service id (gitops/service or harness.io/serviceRef label)',
  },
  {
    name: GITOPS_ANNOTATION_APP_SELECTOR,
    meaning: 'a label selector over Application labels',
  },
  {
    name: GITOPS_ANNOTATION_APP_NAME,
    meaning:
      'comma-separated Application names (namespace/name for apps in any namespace)',
  },
  {
    name: GITOPS_ANNOTATION_APPLICATIONSET,
    meaning: 'the ApplicationSet(s) that generate the applications',
  },
  {
    name: ARGOCD_ANNOTATION_APP_SELECTOR,
    meaning: 'as in the Argo CD plugins',
  },
  { name: ARGOCD_ANNOTATION_APP_NAME, meaning: 'as in the Argo CD plugins' },
];

/** The annotations that only narrow the search. */
export const RESTRICTING_ANNOTATIONS = [
  'gitops/agents',
  'gitops/project',
  'argocd/instance-name',
  'argocd/project-name',
];
