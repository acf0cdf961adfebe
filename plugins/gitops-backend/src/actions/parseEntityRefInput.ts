import { CompoundEntityRef, parseEntityRef } from '@backstage/catalog-model';
import { InputError } from '@backstage/errors';

/** An action's `entityRef` input; kind defaults to Component, namespace to default. */
export function parseEntityRefInput(entityRef: string): CompoundEntityRef {
  try {
    return parseEntityRef(entityRef, {
      defaultKind: 'Component',
      defaultNamespace: 'default',
    });
  } catch (error) {
    throw new InputError(
      `Invalid entityRef "${entityRef}": expected [kind:][namespace/]name, e.g. component:default/payments`,
    );
  }
}
