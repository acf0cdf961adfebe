export { AgentErrorBanners } from './AgentErrorBanners';
