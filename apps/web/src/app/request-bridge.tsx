import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { joinPath, splitLocale } from '../platform/locale/locale-path';
import { configureRequestLayer } from '../platform/request/client';
import { userInfoQuery } from '../features/account/api/user-info';
import { useSettings } from '../platform/settings/settings-store';

/** Gives the request layer its toast and its way to the login page. */
export function RequestBridge() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => {
    configureRequestLayer({
      toast: (text) => void message.error(text),
      loginExpired: () => {
        useSettings.getState().setLoginFlag(false);
        queryClient.setQueryData(userInfoQuery.queryKey, null);
        const { locale, rest } = splitLocale(location.pathname);
        if (rest === '/login') return;
        const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
        void navigate(`${joinPath(locale, '/login')}?redirect=${redirect}`);
      },
    });
  }, [message, navigate, location, queryClient]);
  return null;
}
