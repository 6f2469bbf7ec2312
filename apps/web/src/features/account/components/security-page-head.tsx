import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ButtonLink } from '../../../ui/button-link';

/** The title of a security sub-page and the way back to the settings. */
export function SecurityPageHead({ title }: { title: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <div className="factor-head">
      <h1>{title}</h1>
      <ButtonLink to={localePath('/account/setting')} data-testid="security-back">
        {t('auth2fa.backToSettings')}
      </ButtonLink>
    </div>
  );
}
