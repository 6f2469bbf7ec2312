import { RightOutlined, SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Result, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { safeText } from '../../../platform/links/link-safety';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useDebouncedValue } from '../../../platform/widgets/use-debounced';
import { useHelpArticles } from '../api/site-pages';
import { excerptOf, searchHelp } from '../utils/help-search';
import './content.css';

/** The help centre: the operator's articles, searched as the visitor types. */
export function HelpCentrePage() {
  const { t, i18n } = useTranslation();
  const localePath = useLocalePath();
  const { data, isPending, isError } = useHelpArticles();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query);
  const found = useMemo(
    () => searchHelp(data ?? [], debounced, i18n.language),
    [data, debounced, i18n.language],
  );

  return (
    <div className="content-page help-centre" data-testid="help-centre">
      <h1>{t('footer.helpCentre')}</h1>
      <p className="page-lead">{t('pages.helpSubtitle')}</p>
      <Input
        size="large"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('pages.helpSearch')}
        aria-label={t('pages.helpSearch')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="help-search"
        className="help-search"
      />
      {isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : isError ? (
        <Result status="error" title={t('common.errorTitle')} />
      ) : found.length === 0 ? (
        <Empty
          className="help-empty"
          description={t('pages.helpNoMatch', { query: debounced.trim() })}
        />
      ) : (
        <ul className="help-list" data-testid="help-list">
          {found.map((article) => (
            <li key={article.slug}>
              <Link to={localePath(`/help/${article.slug}`)} data-testid="help-article-link">
                {/* The operator may write an article in one language only: each text keeps its own direction. */}
                <span className="help-list-title" dir="auto">
                  {safeText(article.title)}
                </span>
                <span className="help-list-excerpt" dir="auto">
                  {excerptOf(article.bodyHtml)}
                </span>
                <RightOutlined className="help-list-arrow" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
