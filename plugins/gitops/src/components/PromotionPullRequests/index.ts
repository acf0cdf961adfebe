export { PromotionPullRequests } from './PromotionPullRequests';
