import { SwapOutlined } from '@ant-design/icons';
import type { SwapQuoteRequest } from '@quay/core/swap-api';
import { isPlainDecimal } from '@quay/core';
import { Button, Input, Segmented, Select, Table } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfo } from '../../../entities/user/user';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { swapNow, useSwapHistory, useSwapPools, useSwapQuote } from '../api/swap';
import './swap.css';

const SLIPPAGES = [10, 50, 100] as const;

/** Colour of a price impact: fine below 1 %, a warning to 5 %, danger above. */
function impactTone(impact: string): 'ok' | 'warn' | 'danger' {
  const [whole = '0', fraction = ''] = impact.split('.');
  const ppm = Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0').slice(0, 6));
  return ppm < 10_000 ? 'ok' : ppm < 50_000 ? 'warn' : 'danger';
}

/** `/swap`: the swap card (coins with search, amounts both ways, flip, slippage) and the history. */
export function SwapPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();
  const pools = useSwapPools();
  const coins = useMemo(
    () => [...new Set((pools.data ?? []).flatMap((p) => [p.base, p.quote]))].sort(),
    [pools.data],
  );
  const [from, setFrom] = useState('USDT');
  const [to, setTo] = useState('BTC');
  const [amount, setAmount] = useState('');
  const [side, setSide] = useState<'in' | 'out'>('in');
  const [slippage, setSlippage] = useState<number>(50);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const ask: SwapQuoteRequest | null =
    amount !== '' && isPlainDecimal(amount) && from !== to
      ? {
          from,
          to,
          slippage_bps: slippage,
          ...(side === 'in' ? { amountIn: amount } : { amountOut: amount }),
        }
      : null;
  const quote = useSwapQuote(ask);
  const history = useSwapHistory(pageNo, Boolean(user));
  const flip = () => {
    setFrom(to);
    setTo(from);
    setSide(side === 'in' ? 'out' : 'in');
  };
  const options = coins.map((c) => ({ value: c, label: c }));
  const tone = quote.data ? impactTone(quote.data.priceImpact) : 'ok';

  const submit = async () => {
    if (!ask) return;
    setBusy(true);
    setDone(null);
    try {
      const record = await swapNow(ask);
      setDone(t('swap.done', { amount: record.amountOut, coin: record.to }));
      setAmount('');
      await queryClient.invalidateQueries({ queryKey: ['swap-history'] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="swap-page" data-testid="swap-page">
      <section className="swap-card">
        <h1 className="swap-title">{t('swap.title')}</h1>
        <label className="swap-label">{side === 'in' ? t('swap.youPay') : t('swap.youGet')}</label>
        <div className="swap-row">
          <Select
            showSearch
            data-testid="swap-from"
            value={side === 'in' ? from : to}
            options={options}
            onChange={(v) => (side === 'in' ? setFrom(v) : setTo(v))}
            aria-label={t('swap.coin')}
          />
          <Input
            data-testid="swap-amount"
            inputMode="decimal"
            value={amount}
            placeholder="0.00"
            onChange={(e) => setAmount(e.target.value.trim())}
          />
        </div>
        <Button
          className="swap-flip"
          shape="circle"
          icon={<SwapOutlined rotate={90} />}
          onClick={flip}
          aria-label={t('swap.flip')}
          data-testid="swap-flip"
        />
        <label className="swap-label">{side === 'in' ? t('swap.youGet') : t('swap.youPay')}</label>
        <div className="swap-row">
          <Select
            showSearch
            data-testid="swap-to"
            value={side === 'in' ? to : from}
            options={options}
            onChange={(v) => (side === 'in' ? setTo(v) : setFrom(v))}
            aria-label={t('swap.coin')}
          />
          <Input
            readOnly
            data-testid="swap-other"
            value={quote.data ? (side === 'in' ? quote.data.amountOut : quote.data.amountIn) : ''}
          />
        </div>
        <div className="swap-slippage">
          <span>{t('swap.slippage')}</span>
          <Segmented
            value={slippage}
            onChange={(v) => setSlippage(Number(v))}
            options={SLIPPAGES.map((bps) => ({ value: bps, label: `${bps / 100}%` }))}
          />
        </div>
        {quote.data && (
          <dl className="swap-quote" data-testid="swap-quote">
            <dt>{t('swap.route')}</dt>
            <dd>{quote.data.route.join(' → ')}</dd>
            <dt>{t('swap.impact')}</dt>
            <dd className={`swap-impact ${tone}`} data-testid="swap-impact">
              {(Number(quote.data.priceImpact) * 100).toFixed(2)}%
            </dd>
            <dt>{t('swap.minimum')}</dt>
            <dd>
              {quote.data.minimumReceived} {quote.data.to}
            </dd>
            <dt>{t('swap.fee')}</dt>
            <dd>
              {quote.data.fee} {quote.data.from}
            </dd>
          </dl>
        )}
        {quote.isError && <p className="swap-impact danger">{t('swap.noQuote')}</p>}
        {user ? (
          <Button
            type="primary"
            block
            loading={busy}
            disabled={!quote.data}
            onClick={() => void submit()}
            data-testid="swap-submit"
          >
            {t('swap.submit')}
          </Button>
        ) : (
          <Link to={localePath('/login')}>{t('swap.login')}</Link>
        )}
        {done && (
          <p className="swap-done" data-testid="swap-done">
            {done}
          </p>
        )}
      </section>
      {user && (
        <section className="swap-card swap-history">
          <h2>{t('swap.history')}</h2>
          <Table
            rowKey="id"
            size="small"
            data-testid="swap-history"
            dataSource={history.data?.items ?? []}
            loading={history.isPending}
            scroll={{ x: true }}
            pagination={{
              current: pageNo,
              pageSize: 10,
              total: history.data?.total ?? 0,
              onChange: setPageNo,
            }}
            columns={[
              {
                title: t('swap.time'),
                dataIndex: 'createdAt',
                render: (v: number) => new Date(v).toLocaleString(),
              },
              { title: t('swap.youPay'), render: (_, r) => `${r.amountIn} ${r.from}` },
              { title: t('swap.youGet'), render: (_, r) => `${r.amountOut} ${r.to}` },
            ]}
          />
        </section>
      )}
    </div>
  );
}
