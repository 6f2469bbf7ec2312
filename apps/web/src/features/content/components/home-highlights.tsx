import { NotificationOutlined, RightOutlined } from '@ant-design/icons';
import { Carousel, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { safeText } from '../../../platform/links/link-safety';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { HOME_ANNOUNCEMENT_COUNT, useAnnouncements } from '../api/announcements';
import { useBanners } from '../api/banners';
import { useCoins } from '../../../entities/coins/coins';
import { ContentLink } from './content-link';
import './content.css';
import { DateTime } from '../../../ui/date-time';

/**
 * The carousel hides its other slides (and its copies at either end) from
 * assistive technology with aria-hidden, but leaves their links in the tab
 * order; they leave it while hidden.
 */
function useHiddenSlidesUnfocusable() {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = frame.current;
    if (!root) return undefined;
    const sync = () => {
      for (const slide of root.querySelectorAll('.slick-slide')) {
        const hidden = slide.getAttribute('aria-hidden') === 'true';
        for (const link of slide.querySelectorAll('a')) {
          if (hidden) link.setAttribute('tabindex', '-1');
          else link.removeAttribute('tabindex');
        }
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(root, { subtree: true, childList: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, []);
  return frame;
}

/** The home page's live strip: banners, the newest announcements and the listed coins. */
export function HomeHighlights() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const banners = useBanners();
  const news = useAnnouncements(1, HOME_ANNOUNCEMENT_COUNT);
  const coins = useCoins();
  const bannerFrame = useHiddenSlidesUnfocusable();

  return (
    <section className="section highlights" data-testid="home-highlights">
      <div className="highlights-grid">
        <div className="banner-frame" ref={bannerFrame}>
          {banners.data && banners.data.length > 0 ? (
            <Carousel autoplay autoplaySpeed={6000} draggable>
              {banners.data.map((b, i) => (
                <ContentLink key={b.id} to={b.link} className="banner" testId="home-banner">
                  {/* The first banner is the page's largest picture: no lazy loading for it. */}
                  <img
                    src={b.imageUrl}
                    alt=""
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : 'auto'}
                  />
                  <span className="banner-title">{safeText(b.title)}</span>
                </ContentLink>
              ))}
            </Carousel>
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
