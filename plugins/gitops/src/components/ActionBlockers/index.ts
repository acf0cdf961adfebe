export { ActionBlockerChips } from './ActionBlockerChips';
export { ActionBlockerAlerts } from './ActionBlockerAlerts';
