/** The agency's pages: its login and its dashboard (features/account). */
import { lazy } from 'react';
import type { PageRoute } from './page-route';

export const AGENCY_PAGES: PageRoute[] = [
  {
    path: 'agency/login',
    Page: lazy(() =>
      import('../features/account/components/agency-login-page').then((m) => ({
        default: m.AgencyLoginPage,
      })),
    ),
  },
  {
    path: 'agency',
    Page: lazy(() =>
      import('../features/account/components/agency-dashboard-page').then((m) => ({
        default: m.AgencyDashboardPage,
      })),
    ),
  },
];
