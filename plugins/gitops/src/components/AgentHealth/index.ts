export { EntityGitOpsAgentCard, isGitOpsAgent } from './EntityGitOpsAgentCard';
export {
  AgentComponentsHealth,
  AgentVersion,
  highAvailabilityText,
} from './AgentComponentsHealth';
