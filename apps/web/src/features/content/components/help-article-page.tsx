import { ArrowLeftOutlined } from '@ant-design/icons';
import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../platform/request/client';
import { safeText } from '../../../platform/links/link-safety';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { RichText } from '../../../platform/rich-text/rich-text';
import { DateTime } from '../../../ui/date-time';
import { useHelpArticle } from '../api/site-pages';
import './content.css';

export function HelpArticlePage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const localePath = useLocalePath();
  const { data, error, isPending } = useHelpArticle(slug);

  return (
    <article className="content-page help-article" data-testid="help-article">
      <Link to={localePath('/help')} className="back-link">
        <ArrowLeftOutlined /> {t('footer.helpCentre')}
      </Link>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : data ? (
        <>
          <h1 data-testid="help-article-title">{safeText(data.title)}</h1>
          {data.updatedAt !== null ? (
            <p className="page-updated">
              {t('pages.updated')} <DateTime value={data.updatedAt} format="YYYY-MM-DD" />
            </p>
          ) : null}
          <RichText html={data.bodyHtml} testId="help-article-body" />
        </>
      ) : (
        <Result
          status="404"
          title={error instanceof ApiError ? error.msg : t('common.notFoundTitle')}
        />
      )}
    </article>
  );
}
