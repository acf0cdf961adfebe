export { ResourceDetailsPanel } from './ResourceDetailsPanel';
