export { ResourceTree } from './ResourceTree';
