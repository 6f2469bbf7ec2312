import { ArrowLeftOutlined } from '@ant-design/icons';
import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { RichText } from '../../../platform/rich-text/rich-text';
import { useCoins } from '../../../entities/coins/coins';
import './content.css';

/** A coin's page: its icon, name and the description the server serves. */
export function CoinPage() {
  const { t } = useTranslation();
  const { coin = '' } = useParams();
  const localePath = useLocalePath();
  const { data, isPending } = useCoins();
  const info = data?.find((c) => c.coin === coin.toUpperCase());

  return (
    <article className="content-page coin-page" data-testid="coin-page">
      <Link to={localePath('/')} className="back-link">
        <ArrowLeftOutlined /> {t('nav.home')}
      </Link>
      {isPending ? (
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      ) : info ? (
        <>
          <header className="coin-head">
            <img src={info.iconUrl} alt="" width={56} height={56} />
            <div>
              <h1>{info.name}</h1>
              <span className="coin-code">{info.coin}</span>
            </div>
          </header>
          <h2 className="coin-about">{t('content.aboutCoin', { name: info.name })}</h2>
          <RichText html={info.descriptionHtml} testId="coin-description" />
        </>
      ) : (
        <Result status="404" title={t('content.coinNotFound')} />
      )}
    </article>
  );
}
