export { LiveContent } from './LiveContent';
