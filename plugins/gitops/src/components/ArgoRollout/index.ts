export { CanaryChip } from './CanaryChip';
export { RolloutPanel } from './RolloutPanel';
