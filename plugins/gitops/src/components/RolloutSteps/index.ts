export { RolloutSteps } from './RolloutSteps';
export { RolloutStatusChip } from './RolloutStatusChip';
export { rolloutPlaces, rolloutPlaceOf } from './rolloutPlaces';
export type { RolloutPlace } from './rolloutPlaces';
