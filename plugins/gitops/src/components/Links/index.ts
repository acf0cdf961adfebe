export { CommitLink } from './CommitLink';
export { RepositoryLink } from './RepositoryLink';
