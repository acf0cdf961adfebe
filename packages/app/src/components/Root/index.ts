export { Root } from './Root';
