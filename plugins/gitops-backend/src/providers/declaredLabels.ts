import {
  GITOPS_LABEL_ENVIRONMENT,
  GITOPS_LABEL_SERVICE,
} from '@gitops-suite/plugin-gitops-common';
import { harnessDeclaredLabels } from './harness/harnessLabels';

/** An own, non-blank label value (the service label is kept as written). */
function ownLabel(labels: Record<string, string>, key: string) {
  if (!Object.prototype.hasOwnProperty.call(labels, key)) return undefined;
  const value = labels[key];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * The service and environment an Application's labels declare, read once
 * here, in the providers: the suite's own `gitops/service` and
 * `gitops/environment`, else Harness's scope-prefixed references (an
 * Application Harness GitOps created carries only those). Nothing
 * downstream reads these labels again: the entity's query matches the
 * normalized `service`, and `resolveEnvironment` starts from the declared
 * environment.
 */
export function declaredLabels(labels: Record<string, string>): {
  service?: string;
  environment?: string;
} {
  const harness = harnessDeclaredLabels(labels);
  return {
    service: ownLabel(labels, GITOPS_LABEL_SERVICE) ?? harness.service,
    environment:
      ownLabel(labels, GITOPS_LABEL_ENVIRONMENT)?.trim() ?? harness.environment,
  };
}
