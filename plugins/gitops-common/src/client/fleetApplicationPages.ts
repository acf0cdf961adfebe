import type { paths as GitOpsApiPaths } from './generated/openapi';
import {
  answerBody,
  type GitOpsApiAnswer,
  type GitOpsApiClient,
} from './gitopsApiClient';

/**
 * One page of `GET /fleet/applications`: `truncated` and `nextCursor` say
 * whether, and from where, more follow.
 * @public
 */
export type FleetApplicationsPage = GitOpsApiAnswer<
  '/fleet/applications',
  'get'
>;

/**
 * The query of `GET /fleet/applications`: the fleet filters, `cursor` (a
 * page's `nextCursor`) and `limit` (the page size).
 * @public
 */
export type FleetApplicationsQuery = NonNullable<
  GitOpsApiPaths['/fleet/applications']['get']['parameters']['query']
>;

/**
 * Every page of `GET /fleet/applications` the query selects, in order,
 * from `query.cursor`: the next page is asked for only when the previous
 * one says where it goes on from (`nextCursor`), so a loop over them never
 * stops at the server's page size.
 *
 * ```ts
 * for await (const page of fleetApplicationPages(api, { attention: true })) {
 *   show(page.items);
 * }
 * ```
 * @public
 */
export async function* fleetApplicationPages(
  api: GitOpsApiClient,
  query: FleetApplicationsQuery = {},
): AsyncGenerator<FleetApplicationsPage, void, undefined> {
  let cursor = query.cursor;
  for (;;) {
    const page = await answerBody(
      // openapi-fetch names its methods after HTTP's
      // eslint-disable-next-line new-cap
      api.GET('/fleet/applications', {
        params: { query: { ...query, ...(cursor && { cursor }) } },
      }),
    );
    yield page;
    if (page.nextCursor === undefined) return;
    if (page.nextCursor === cursor) {
      throw new Error(
        `The gitops backend answered the page after ${cursor} with the same cursor again`,
      );
    }
    cursor = page.nextCursor;
  }
}

/**
 * Every application the query selects, read page by page (see
 * {@link fleetApplicationPages}) into one answer: the items of every page
 * (each application once, should the fleet shift between pages), the
 * errors of every page (each agent's and code once), the last page's
 * `total` and freshness. With `maxItems`, reading stops at the first page
 * that reaches it, and the answer says it is cut (`truncated`,
 * `nextCursor`), as a page does.
 * @public
 */
export async function readAllFleetApplications(
  api: GitOpsApiClient,
  query: FleetApplicationsQuery = {},
  options: { maxItems?: number } = {},
): Promise<FleetApplicationsPage> {
  const items = new Map<string, FleetApplicationsPage['items'][number]>();
  const errors = new Map<string, FleetApplicationsPage['errors'][number]>();
  let last: FleetApplicationsPage | undefined;
  for await (const page of fleetApplicationPages(api, query)) {
    for (const app of page.items) items.set(app.key, app);
    for (const error of page.errors) {
      errors.set(`${error.agentId}\n${error.code}`, error);
    }
    last = page;
    if (options.maxItems !== undefined && items.size >= options.maxItems) {
      break;
    }
  }
  const { nextCursor, truncated, ...rest } = last!;
  return {
    ...rest,
    items: [...items.values()],
    errors: [...errors.values()],
    truncated,
    ...(truncated && nextCursor !== undefined && { nextCursor }),
  };
}
