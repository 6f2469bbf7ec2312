import type { ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useUserInfo } from '../entities/user/user';
import { useLocalePath } from '../platform/locale/use-locale-path';

/**
 * A page only a logged-in user sees: a visitor goes to login and comes back
 * after it, as the account settings page does it.
 */
export function privatePage(Page: ComponentType): ComponentType {
  return function PrivatePage() {
    const localePath = useLocalePath();
    const location = useLocation();
    const { data: user, isPending } = useUserInfo();
    if (isPending) {
      return (
        <div className="page-skeleton" aria-busy="true">
          {Array.from({ length: 7 }, (_, i) => (
            <span key={i} />
          ))}
        </div>
      );
    }
    if (!user) {
      const back = encodeURIComponent(`${location.pathname}${location.search}`);
      return <Navigate to={`${localePath('/login')}?redirect=${back}`} replace />;
    }
    return <Page />;
  };
}
