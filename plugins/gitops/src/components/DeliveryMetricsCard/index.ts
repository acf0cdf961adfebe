export { DeliveryMetricsCard } from './DeliveryMetricsCard';
export type { DeliveryMetricsCardProps } from './DeliveryMetricsCard';
export { DeliveryMetricsTable } from './DeliveryMetricsTable';
