export * from './gitopsApiClient';
/**
 * The gitops backend's HTTP API as its spec describes it, generated from
 * `openapi.yaml`: every path with its parameters and answers, and every
 * schema.
 * @public
 */
export type {
  paths as GitOpsApiPaths,
  components as GitOpsApiComponents,
  operations as GitOpsApiOperations,
} from './generated/openapi';
export * from './routeParams';
export * from './fleetApplicationPages';
