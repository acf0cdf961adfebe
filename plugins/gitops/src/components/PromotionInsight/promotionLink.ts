import type { PromotionStep } from '@gitops-suite/plugin-gitops-common';

/** The scaffolder template that bumps an environment's image tag. */
export const PROMOTE_TEMPLATE_PATH =
  '/create/templates/default/gitops-promote-release';

/**
 * The scaffolder URL of the `gitops-promote-release` template, prefilled
 * (through `formData`) for this entity and the step's target environment.
 */
export function promotionLink(
  entityRef: string,
  promotion: NonNullable<PromotionStep['promotion']>,
): string {
  const formData = {
    entity: entityRef,
    ...(promotion.repoUrl && { repoUrl: promotion.repoUrl }),
    branch: 'main',
    environment: promotion.environment,
    tag: promotion.tag,
    ...(promotion.image && { image: promotion.image }),
  };
  return `${PROMOTE_TEMPLATE_PATH}?formData=${encodeURIComponent(
    JSON.stringify(formData),
  )}`;
}
