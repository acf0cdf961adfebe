/**
 * Isomorphic domain model, annotations, permissions, label selectors and
 * environment resolution of the GitOps plugin suite.
 *
 * @packageDocumentation
 */

export * from './types';
export * from './annotations';
export * from './selectors';
export * from './environments';
export * from './permissions';
export * from './util';
export * from './repositories';
export * from './signals';
export * from './client';
