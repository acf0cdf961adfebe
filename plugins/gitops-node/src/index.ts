/**
 * Node library of the GitOps plugin suite: the provider interface and the
 * extension point through which modules add provider kinds.
 *
 * @packageDocumentation
 */
export * from './GitOpsProvider';
export * from './GitOpsWatch';
export * from './ResourceReads';
export * from './GitOpsProviderFactory';
export * from './GitOpsAgentError';
export * from './extensions';
