import type { LegalDoc } from '@quay/core';
import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../platform/request/client';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useLegal } from '../api/site-pages';
import './content.css';
import { OperatorText } from './operator-text';

const OTHER: Record<LegalDoc, { doc: LegalDoc; label: string }> = {
  terms: { doc: 'privacy', label: 'footer.privacy' },
  privacy: { doc: 'terms', label: 'footer.terms' },
};

/** The operator's Terms of Use or Privacy Notice, in the page's language. */
function LegalPage({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { data, error, isPending } = useLegal(doc);
  const other = OTHER[doc];

  return (
    <article className="content-page legal-page" data-testid={`legal-${doc}`}>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : data ? (
        <>
          <OperatorText
            title={data.title}
            bodyHtml={data.bodyHtml}
            updatedAt={data.updatedAt}
            testId="legal"
          />
          <p className="legal-other">
            <Link to={localePath(`/${other.doc}`)}>{t(other.label)}</Link>
          </p>
        </>
      ) : (
        <Result
          status="error"
          title={error instanceof ApiError ? error.msg : t('common.errorTitle')}
        />
      )}
    </article>
  );
}

export function TermsPage() {
  return <LegalPage doc="terms" />;
}

export function PrivacyPage() {
  return <LegalPage doc="privacy" />;
}
