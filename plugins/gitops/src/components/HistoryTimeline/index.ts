export { HistoryTimeline } from './HistoryTimeline';
export { SignatureBadge } from './SignatureBadge';
