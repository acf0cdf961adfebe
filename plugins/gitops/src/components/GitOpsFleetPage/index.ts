export { GitOpsFleetPage } from './GitOpsFleetPage';
export type { GitOpsFleetPageProps } from './GitOpsFleetPage';
