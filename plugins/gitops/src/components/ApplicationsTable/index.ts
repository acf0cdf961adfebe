export { ApplicationsTable } from './ApplicationsTable';
