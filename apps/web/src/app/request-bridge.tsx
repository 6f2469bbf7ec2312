import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { joinPath, splitLocale } from '../platform/locale/locale-path';
import { configureRequestLayer } from '../platform/request/client';
import { setSignedOut } from '../entities/user/user';
import { useApp } from '../platform/widgets/app-widgets';

/** Gives the request layer its toast and its way to the login page. */
export function RequestBridge() {
  const { message } = useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => {
    configureRequestLayer({
      toast: (text) => void message.error(text),
      loginExpired: () => {
        setSignedOut(queryClient);
        const { locale, rest } = splitLocale(location.pathname);
        if (rest === '/login') return;
        const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
        void navigate(`${joinPath(locale, '/login')}?redirect=${redirect}`);
      },
    });
  }, [message, navigate, location, queryClient]);
  return null;
}
