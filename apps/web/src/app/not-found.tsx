import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../platform/locale/use-locale-path';

export function NotFound() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Result
      status="404"
      title={t('common.notFoundTitle')}
      subTitle={t('common.notFoundText')}
      extra={
        <Link to={localePath('/')}>
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
}
