export { PromotionInsight } from './PromotionInsight';
export { promotionLink } from './promotionLink';
