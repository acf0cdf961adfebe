export { WordWrapTableHead, wrapAtWords } from './WordWrapTableHead';
