/** The agency's pages: its login and its dashboard (features/account). */
import { lazyPage, type PageRoute } from './page-route';

export const AGENCY_PAGES: PageRoute[] = [
  {
    path: 'agency/login',
    Page: lazyPage(() =>
      import('../features/account/components/agency-login-page').then((m) => ({
        default: m.AgencyLoginPage,
      })),
    ),
  },
  {
    path: 'agency',
    Page: lazyPage(() =>
      import('../features/account/components/agency-dashboard-page').then((m) => ({
        default: m.AgencyDashboardPage,
      })),
    ),
  },
];
