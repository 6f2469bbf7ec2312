import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../platform/locale/use-locale-path';
import { ButtonLink } from '../ui/button-link';

export function NotFound() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Result
      className="not-found"
      status="404"
      title={t('common.notFoundTitle')}
      subTitle={t('common.notFoundText')}
      extra={
        <ButtonLink to={localePath('/')} type="primary">
          {t('common.backHome')}
        </ButtonLink>
      }
    />
  );
}
