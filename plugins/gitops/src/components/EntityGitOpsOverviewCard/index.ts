export { EntityGitOpsOverviewCard } from './EntityGitOpsOverviewCard';
