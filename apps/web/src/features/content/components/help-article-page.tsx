import { ArrowLeftOutlined } from '@ant-design/icons';
import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { useHelpArticle } from '../api/site-pages';
import './content.css';
import { OperatorText } from './operator-text';

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
          <OperatorText
            title={data.title}
            bodyHtml={data.bodyHtml}
            updatedAt={data.updatedAt}
            testId="help-article"
            ownDirection
          />
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
