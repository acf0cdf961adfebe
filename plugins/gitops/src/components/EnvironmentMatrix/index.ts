export { EnvironmentMatrix } from './EnvironmentMatrix';
