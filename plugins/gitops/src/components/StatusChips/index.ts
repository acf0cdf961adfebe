export { SyncStatusChip } from './SyncStatusChip';
export { HealthStatusChip } from './HealthStatusChip';
export { OperationPhaseChip } from './OperationPhaseChip';
export { PolicyBadges } from './PolicyBadges';
export { SYNC_COLORS, HEALTH_COLORS, ATTENTION_RED } from './statusColors';
export { StatusChip } from './StatusChip';
export { healthColumn } from './healthColumn';
