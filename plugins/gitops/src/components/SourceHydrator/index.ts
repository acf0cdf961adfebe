export { HydrationDetails } from './HydrationDetails';
export { ReleaseRevision } from './ReleaseRevision';
