export { CommitLink } from './CommitLink';
export { RepositoryLink } from './RepositoryLink';
export { AgentUiLink } from './AgentUiLink';
