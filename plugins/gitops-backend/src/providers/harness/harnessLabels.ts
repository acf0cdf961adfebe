import { stripHarnessScope } from '@gitops-suite/plugin-gitops-common';

/**
 * Harness's Application label naming its service, scope-prefixed
 * (`account.payments`, `org.payments` or `payments`).
 */
export const HARNESS_LABEL_SERVICE_REF = 'harness.io/serviceRef';

/** Harness's Application label naming its environment, scope-prefixed. */
export const HARNESS_LABEL_ENV_REF = 'harness.io/envRef';

/** An own, non-blank label value, trimmed. */
function ownLabel(labels: Record<string, string>, key: string) {
  if (!Object.prototype.hasOwnProperty.call(labels, key)) return undefined;
  const value = labels[key];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * The service and environment Harness's labels declare, their scope
 * stripped (`account.payments` is `payments`); a bare scope declares
 * nothing.
 */
export function harnessDeclaredLabels(labels: Record<string, string>): {
  service?: string;
  environment?: string;
} {
  const service = ownLabel(labels, HARNESS_LABEL_SERVICE_REF);
  const environment = ownLabel(labels, HARNESS_LABEL_ENV_REF);
  const bare = (ref: string | undefined) =>
    ref === undefined ? undefined : stripHarnessScope(ref) || undefined;
  return { service: bare(service), environment: bare(environment) };
}
