/** The account settings pages of the route table (pages.tsx): password, anti-phishing, devices, freezing, passkeys, linked identities. */
import { lazyPage, type PageRoute } from './page-route';
import { privatePage } from './private-page';

export const ACCOUNT_SETTINGS_PAGES: PageRoute[] = [
  {
    path: 'account/setting/password',
    Page: lazyPage(() =>
      import('../features/account/components/password-page').then((m) => ({
        default: privatePage(m.PasswordPage),
      })),
    ),
  },
  {
    path: 'account/setting/antiphishing',
    Page: lazyPage(() =>
      import('../features/account/components/anti-phishing-page').then((m) => ({
        default: privatePage(m.AntiPhishingPage),
      })),
    ),
  },
  {
    path: 'account/setting/devices',
    Page: lazyPage(() =>
      import('../features/account/components/devices-page').then((m) => ({
        default: privatePage(m.DevicesPage),
      })),
    ),
  },
  {
    path: 'account/setting/freeze',
    Page: lazyPage(() =>
      import('../features/account/components/freeze-page').then((m) => ({
        default: privatePage(m.FreezePage),
      })),
    ),
  },
  {
    path: 'account/setting/passkeys',
    Page: lazyPage(() =>
      import('../features/account/components/passkeys-page').then((m) => ({
        default: privatePage(m.PasskeysPage),
      })),
    ),
  },
  {
    path: 'account/setting/linked',
    Page: lazyPage(() =>
      import('../features/account/components/linked-identities-page').then((m) => ({
        default: privatePage(m.LinkedIdentitiesPage),
      })),
    ),
  },
];
