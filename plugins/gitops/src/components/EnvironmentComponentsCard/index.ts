export {
  EnvironmentComponentsCard,
  isEnvironmentResource,
} from './EnvironmentComponentsCard';
