import { ApiError, GrpcCode } from './ApiError';
import { Handler } from './types';

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
}

export interface RouteMatch {
  handler: Handler;
  params: Record<string, string>;
}

/**
 * A small path router: patterns like `/api/v1/applications/:name/sync`.
 * Path segments are URL-decoded after splitting, so `%2F` stays inside a
 * parameter (cluster servers, repository URLs).
 */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, segments: pattern.split('/').filter(Boolean), handler });
    return this;
  }

  get(pattern: string, handler: Handler) {
    return this.add('GET', pattern, handler);
  }

  post(pattern: string, handler: Handler) {
    return this.add('POST', pattern, handler);
  }

  put(pattern: string, handler: Handler) {
    return this.add('PUT', pattern, handler);
  }

  delete(pattern: string, handler: Handler) {
    return this.add('DELETE', pattern, handler);
  }

  /** The matching route, or an ApiError (404 unknown path, 405 wrong method). */
  match(method: string, path: string): RouteMatch {
    let parts: string[];
    try {
      parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      throw new ApiError(GrpcCode.InvalidArgument, `invalid path encoding: ${path}`);
    }
    let pathMatched = false;
    for (const route of this.routes) {
      if (route.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length && ok; i++) {
        const seg = route.segments[i];
        if (seg.startsWith(':')) params[seg.slice(1)] = parts[i];
        else ok = seg === parts[i];
      }
      if (!ok) continue;
      pathMatched = true;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
        return { handler: route.handler, params };
      }
    }
    if (pathMatched) {
      throw new ApiError(GrpcCode.Unimplemented, `Method Not Allowed`, { status: 405 });
    }
    throw new ApiError(GrpcCode.NotFound, 'Not Found');
  }
}
