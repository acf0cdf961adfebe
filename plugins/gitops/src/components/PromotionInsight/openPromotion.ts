import type {
  PromotionPullRequest,
  PromotionStep,
} from '@gitops-suite/plugin-gitops-common';

/**
 * The open pull request that already makes a step's promotion: it targets
 * the same environment with the same release (tag), so a second Promote
 * would open a duplicate.
 */
export function openPromotion(
  promotion: NonNullable<PromotionStep['promotion']>,
  pullRequests: readonly PromotionPullRequest[] | undefined,
): PromotionPullRequest | undefined {
  return pullRequests?.find(
    pr => pr.environment === promotion.environment && pr.tag === promotion.tag,
  );
}
