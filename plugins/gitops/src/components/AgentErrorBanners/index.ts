export { AgentErrorBanners } from './AgentErrorBanners';
export { UnansweredAgentsAlert } from './UnansweredAgentsAlert';
