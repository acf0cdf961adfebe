import { ApplicationTarget } from '../service/applicationTarget';
import { ActionZod } from './applicationSummary';
import { parseEntityRefInput } from './parseEntityRefInput';

/** The input fields naming one application of a catalog entity. */
export function applicationTargetFields(z: ActionZod) {
  return {
    entityRef: z
      .string()
      .min(1)
      .max(512)
      .describe(
        'The catalog entity the application belongs to, as "kind:namespace/name" (e.g. "component:default/payments").',
      ),
    agentId: z
      .string()
      .min(1)
      .describe(
        'The GitOps agent serving the application (agentId in get-entity-gitops-status).',
      ),
    application: z
      .string()
      .min(1)
      .describe('The application name (name in get-entity-gitops-status).'),
    appNamespace: z
      .string()
      .optional()
      .describe(
        'The Application resource namespace, only needed when two applications share a name.',
      ),
  };
}

export function applicationTarget(input: {
  entityRef: string;
  agentId: string;
  application: string;
  appNamespace?: string;
}): ApplicationTarget {
  return {
    entityRef: parseEntityRefInput(input.entityRef),
    agentId: input.agentId,
    name: input.application,
    namespace: input.appNamespace,
  };
}

/** The input fields of {@link applicationTargetFields}. */
const TARGET_FIELDS = ['entityRef', 'agentId', 'application', 'appNamespace'];

/**
 * An action's parsed input split into the application it names and the
 * rest, the operation's body as an HTTP client would send it (no
 * undefined fields). `Body` is the spec's body the rest was checked as.
 */
export function targetAndBody<Body>(
  input: Parameters<typeof applicationTarget>[0],
): { target: ApplicationTarget; body: Body } {
  return {
    target: applicationTarget(input),
    body: Object.fromEntries(
      Object.entries(input).filter(
        ([field, value]) =>
          !TARGET_FIELDS.includes(field) && value !== undefined,
      ),
    ) as Body,
  };
}

/** The application the actions' examples name: payments in production. */
export const exampleTarget = {
  entityRef: 'component:default/payments',
  agentId: 'prod',
  application: 'payments-prod',
};
