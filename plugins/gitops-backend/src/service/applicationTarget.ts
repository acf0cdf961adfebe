import { CompoundEntityRef, Entity } from '@backstage/catalog-model';
import {
  EntityApplicationRef,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationRef,
  GitOpsProvider,
} from '@gitops-suite/plugin-gitops-node';

/**
 * One application of a catalog entity, as a route or an action names it:
 * common's `EntityApplicationRef` with the entity ref parsed where it came
 * in (a route's path, an action's input).
 */
export type ApplicationTarget = Omit<EntityApplicationRef, 'entityRef'> & {
  entityRef: CompoundEntityRef;
};

/** An entity's application, found and allowed: what reads and operations act on. */
export interface EntityApplication {
  entityRef: string;
  entity: Entity;
  provider: GitOpsProvider;
  app: GitOpsApplication;
  ref: ApplicationRef;
}
