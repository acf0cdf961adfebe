export { ApplicationDrawer } from './ApplicationDrawer';
