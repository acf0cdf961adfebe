export { FleetDeliveryMetrics } from './FleetDeliveryMetrics';
