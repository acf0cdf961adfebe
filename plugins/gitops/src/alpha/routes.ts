import { createRouteRef } from '@backstage/frontend-plugin-api';

/** The fleet page. */
export const fleetRouteRef = createRouteRef();
