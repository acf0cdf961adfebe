export { TruncatedListNotice } from './TruncatedListNotice';
