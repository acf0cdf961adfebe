export { WordWrapTableHead } from './WordWrapTableHead';
