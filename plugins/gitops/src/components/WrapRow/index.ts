export { WrapRow } from './WrapRow';
