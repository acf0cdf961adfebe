export { repositoryKey } from './repositoryKey';
