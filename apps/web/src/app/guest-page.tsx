import type { ComponentType } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useUserInfo } from '../entities/user/user';
import { safeRedirect } from '../features/account/utils/safe-redirect';
import { useLocalePath } from '../platform/locale/use-locale-path';
import { useGatewaySecurity } from '../platform/request/gateway-access';
import { useSettings } from '../platform/settings/settings-store';

/**
 * A page only a visitor needs (login, register): a logged-in user goes on to
 * where they were going, the `redirect` query when it is a path of this
 * site, else home. While the session is being asked, a browser whose login
 * flag says logged out sees the form at once. Its forms make guarded calls:
 * the gateway security setup starts as the page opens.
 */
export function guestPage(Page: ComponentType): ComponentType {
  return function GuestPage() {
    const localePath = useLocalePath();
    const [params] = useSearchParams();
    const loginFlag = useSettings((s) => s.loginFlag);
    const { data: user, isPending } = useUserInfo();
    useGatewaySecurity();
    if (user)
      return <Navigate to={safeRedirect(params.get('redirect')) ?? localePath('/')} replace />;
    if (isPending && loginFlag) return null;
    return <Page />;
  };
}
