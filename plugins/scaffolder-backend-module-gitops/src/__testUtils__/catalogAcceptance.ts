import {
  DefaultNamespaceEntityPolicy,
  Entity,
  EntityPolicies,
  FieldFormatEntityPolicy,
  NoForeignRootFieldsEntityPolicy,
  SchemaValidEntityPolicy,
  componentEntityV1alpha1Validator,
} from '@backstage/catalog-model';

/** The policies the catalog applies to every entity it ingests. */
export const catalogPolicy = EntityPolicies.allOf([
  new SchemaValidEntityPolicy(),
  new DefaultNamespaceEntityPolicy(),
  new NoForeignRootFieldsEntityPolicy(),
  new FieldFormatEntityPolicy(),
]);

/**
 * Expects `entity` to be a Component the catalog accepts (its policies,
 * then the Component validator of @backstage/catalog-model) and answers it
 * as the catalog would store it.
 */
export async function expectAcceptedComponent(entity: Entity): Promise<Entity> {
  const enforced = await catalogPolicy.enforce(entity);
  expect(enforced).toBeDefined();
  expect(await componentEntityV1alpha1Validator.check(enforced!)).toBe(true);
  return enforced!;
}
