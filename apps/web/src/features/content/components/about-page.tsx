import { LANGUAGES } from '@quay/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import './content.css';

const LINKS = [
  ['/announcement', 'footer.announcements'],
  ['/help', 'footer.helpCentre'],
  ['/terms', 'footer.terms'],
  ['/privacy', 'footer.privacy'],
  ['/protection-fund', 'footer.protectionFund'],
] as const;

/** Who runs this exchange and what it offers. */
export function AboutPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <article className="content-page about-page" data-testid="about-page">
      <h1>{t('footer.aboutUs')}</h1>
      <p className="page-lead">{t('pages.aboutLead', { languages: LANGUAGES.length })}</p>
      <div className="rich-text">
        <p>{t('pages.aboutOffer')}</p>
        <p>{t('pages.aboutSafety')}</p>
        <p>{t('pages.aboutOperator')}</p>
      </div>
      <ul className="about-links">
        {LINKS.map(([to, label]) => (
          <li key={to}>
            <Link to={localePath(to)}>{t(label)}</Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
