import { ArrowLeftOutlined } from '@ant-design/icons';
import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../platform/request/client';
import { safeText } from '../../../platform/links/link-safety';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { RichText } from '../../../platform/rich-text/rich-text';
import { useAnnouncement } from '../api/announcements';
import './content.css';
import { DateTime } from '../../../ui/date-time';

export function AnnouncementPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const localePath = useLocalePath();
  const { data, error, isPending } = useAnnouncement(id);

  return (
    <article className="content-page announcement" data-testid="announcement">
      <Link to={localePath('/announcement')} className="back-link">
        <ArrowLeftOutlined /> {t('content.announcements')}
      </Link>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : data ? (
        <>
          <h1 data-testid="announcement-title">{safeText(data.title)}</h1>
          <DateTime className="announcement-time" value={data.publishedAt} />
          {data.bannerUrl ? (
            <img className="announcement-banner" src={data.bannerUrl} alt="" />
          ) : null}
          <RichText html={data.bodyHtml} testId="announcement-body" />
        </>
      ) : (
        <Result
          status="404"
          title={error instanceof ApiError ? error.msg : t('content.notFound')}
        />
      )}
    </article>
  );
}
