import { NotificationOutlined, RightOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { safeText } from '../../../platform/links/link-safety';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { HOME_ANNOUNCEMENT_COUNT, useAnnouncements } from '../api/announcements';
import { useBanners } from '../api/banners';
import { useCoins } from '../../../entities/coins/coins';
import { ContentLink } from './content-link';
import './content.css';
import { Carousel } from '../../../ui/carousel';
import { DateTime } from '../../../ui/date-time';

/** The home page's live strip: banners, the newest announcements and the listed coins. */
export function HomeHighlights() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const banners = useBanners();
  const news = useAnnouncements(1, HOME_ANNOUNCEMENT_COUNT);
  const coins = useCoins();

  return (
    <section className="section highlights" data-testid="home-highlights">
      <div className="highlights-grid">
        <div className="banner-frame">
          {banners.data && banners.data.length > 0 ? (
            <Carousel
              dotLabel={(place, count) => t('content.bannerOf', { place, count })}
              slides={banners.data.map((b, i) => ({
                key: b.id,
                content: (
                  <ContentLink to={b.link} className="banner" testId="home-banner">
                    {/* The first banner is the page's largest picture: no lazy loading for it. */}
                    <img
                      src={b.imageUrl}
                      alt=""
                      loading={i === 0 ? 'eager' : 'lazy'}
                      fetchPriority={i === 0 ? 'high' : 'auto'}
                    />
                    <span className="banner-title">{safeText(b.title)}</span>
                  </ContentLink>
                ),
              }))}
            />
          ) : (
            <Skeleton.Node active className="banner-skeleton" />
          )}
        </div>
        <div className="news-card">
          <div className="news-head">
            <h2>
              <NotificationOutlined /> {t('content.announcements')}
            </h2>
            <Link to={localePath('/announcement')} className="more-link">
              {t('content.viewAll')} <RightOutlined />
            </Link>
          </div>
          {news.data ? (
            <ul className="news-list" data-testid="home-news">
              {news.data.items.map((a) => (
                <li key={a.id}>
                  <Link to={localePath(`/announcement/${a.id}`)}>{safeText(a.title)}</Link>
                  <DateTime value={a.publishedAt} format="YYYY-MM-DD" />
                </li>
              ))}
            </ul>
          ) : (
            <Skeleton active paragraph={{ rows: 3 }} title={false} />
          )}
        </div>
      </div>
      {coins.data && coins.data.length > 0 ? (
        <div className="coin-strip" data-testid="home-coins">
          {coins.data.map((c) => (
            <Link key={c.coin} to={localePath(`/coin/${c.coin}`)} className="coin-chip">
              <img src={c.iconUrl} alt="" width={28} height={28} />
              <span className="coin-chip-code">{c.coin}</span>
              <span className="coin-chip-name">{c.name}</span>
            </Link>
          ))}
        </div>
      ) : null}
    </section>
  );
}
