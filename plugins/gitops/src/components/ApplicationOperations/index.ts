export { OperationsBar } from './OperationsBar';
