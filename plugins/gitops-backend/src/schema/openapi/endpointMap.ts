import type { GitOpsApiPaths } from '@gitops-suite/plugin-gitops-common';

/*
 * The validated router's endpoint types, derived from the types that
 * openapi-typescript generates out of openapi.yaml (in gitops-common, where
 * the clients use them too): one description of every path, its parameters,
 * its body and its answers, for the server and the clients alike.
 */

type Paths = GitOpsApiPaths;
type Method = 'get' | 'post' | 'put' | 'delete';

/** A parameter group (`path`, `query`), or none when the spec has none. */
type ParameterGroup<
  Operation,
  Group extends 'path' | 'query',
> = Operation extends { parameters: { [K in Group]?: infer Value } }
  ? [NonNullable<Value>] extends [never]
    ? never
    : NonNullable<Value>
  : never;

type JsonContent<T> = T extends { content: { 'application/json': infer Body } }
  ? Body
  : never;

type RequestBody<Operation> = Operation extends { requestBody?: infer Body }
  ? JsonContent<NonNullable<Body>>
  : never;

type ResponseBody<Operation> = Operation extends { responses: infer Answers }
  ? { [Status in keyof Answers]: JsonContent<Answers[Status]> }[keyof Answers]
  : never;

/** Leaves out what an operation does not have, as Backstage's generator does. */
type Present<T> = {
  [K in keyof T as [T[K]] extends [never] ? never : K]: T[K];
};

type Endpoint<Operation> = Present<{
  path: ParameterGroup<Operation, 'path'>;
  query: ParameterGroup<Operation, 'query'>;
  body: RequestBody<Operation>;
  response: ResponseBody<Operation>;
}>;

/** The paths that have an operation of this method. */
type PathsWith<M extends Method> = {
  [P in keyof Paths]: [NonNullable<Paths[P][M]>] extends [never] ? never : P;
}[keyof Paths] &
  string;

type OperationKey =
  | `#get|${PathsWith<'get'>}`
  | `#post|${PathsWith<'post'>}`
  | `#put|${PathsWith<'put'>}`
  | `#_delete|${PathsWith<'delete'>}`;

/**
 * Every operation of the spec as `#method|path` (`#_delete|path` for DELETE,
 * as Backstage's typed router names it), with its path and query
 * parameters, request body and response bodies.
 * @public
 */
export type EndpointMap = {
  [K in OperationKey]: K extends `#_delete|${infer P extends keyof Paths}`
    ? Endpoint<NonNullable<Paths[P]['delete']>>
    : K extends `#${infer M extends Method}|${infer P extends keyof Paths}`
    ? Endpoint<NonNullable<Paths[P][M]>>
    : never;
};
