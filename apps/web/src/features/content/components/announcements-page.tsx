import { Empty, Pagination, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safeText } from '../../../platform/links/link-safety';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ANNOUNCEMENT_PAGE_SIZE, useAnnouncements } from '../api/announcements';
import './content.css';
import { DateTime } from '../../../ui/date-time';

function pageOf(raw: string | null): number {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

export function AnnouncementsPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [params, setParams] = useSearchParams();
  const pageNo = pageOf(params.get('page'));
  const { data, isPending } = useAnnouncements(pageNo);

  return (
    <div className="content-page">
      <h1>{t('content.announcements')}</h1>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : data && data.items.length > 0 ? (
        <>
          <ul className="announcement-list" data-testid="announcement-list">
            {data.items.map((a) => (
              <li key={a.id}>
                <Link to={localePath(`/announcement/${a.id}`)}>
                  {a.bannerUrl ? <img src={a.bannerUrl} alt="" loading="lazy" /> : null}
                  <span className="announcement-title">{safeText(a.title)}</span>
                  <DateTime value={a.publishedAt} />
                </Link>
              </li>
            ))}
          </ul>
          <Pagination
            className="content-pagination"
            current={pageNo}
            pageSize={data.pageSize || ANNOUNCEMENT_PAGE_SIZE}
            total={data.total}
            showSizeChanger={false}
            hideOnSinglePage
            onChange={(page) => setParams(page > 1 ? { page: String(page) } : {})}
          />
        </>
      ) : (
        <Empty description={t('common.empty')} />
      )}
    </div>
  );
}
