/**
 * Node library of the GitOps plugin suite: the provider interface (with what
 * each provider declares for the guarded proxy and scrubbing) and the
 * extension point through which modules add provider kinds.
 *
 * @packageDocumentation
 */
export * from './GitOpsProvider';
export * from './GitOpsProviderCapabilities';
export * from './providerTypes';
export * from './GitOpsProxyRules';
export * from './GitOpsWatch';
export * from './ResourceReads';
export * from './GitOpsProviderFactory';
export * from './GitOpsAgentError';
export * from './extensions';
