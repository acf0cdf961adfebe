export { ResourceDiffList } from './ResourceDiffList';
export { changeOf } from './ResourceDiffItem';
