import type { IncomingMessage, ServerResponse } from 'node:http';

/** A buffered answer (faults can delay, corrupt or cut it). */
export interface BufferedResponse {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

/** A streamed answer (watch streams). */
export interface StreamResponse {
  stream: (req: IncomingMessage, res: ServerResponse) => void;
}

export type HandlerResponse = BufferedResponse | StreamResponse;

export function isStream(response: HandlerResponse): response is StreamResponse {
  return (response as StreamResponse).stream !== undefined;
}

/** One request as route handlers see it. */
export interface RequestContext {
  req: IncomingMessage;
  method: string;
  /** The path after the agent prefix, e.g. `/api/v1/applications`. */
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  /** The parsed JSON body ({} when empty). */
  body: () => Promise<any>;
}

export type Handler = (ctx: RequestContext) => HandlerResponse | Promise<HandlerResponse>;

export function json(status: number, value: unknown, headers?: Record<string, string>): BufferedResponse {
  return {
    status,
    body: JSON.stringify(value),
    headers: { 'content-type': 'application/json', ...(headers ?? {}) },
  };
}

/** An already serialized JSON body. */
export function rawJson(status: number, body: string): BufferedResponse {
  return { status, body, headers: { 'content-type': 'application/json' } };
}
