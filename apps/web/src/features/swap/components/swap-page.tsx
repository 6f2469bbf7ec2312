import { SwapOutlined, WalletOutlined } from '@ant-design/icons';
import type { SwapQuoteRequest } from '@quay/core/swap-api';
import { isPlainDecimal } from '@quay/core';
import { Alert, Button, Input, Segmented, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { invalidateBalances } from '../../../entities/balances/balance-keys';
import { useSpotBalances } from '../../../entities/balances/spot-balances';
import { useUserInfo } from '../../../entities/user/user';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { swapNow, useSwapCoins, useSwapHistory, useSwapQuote } from '../api/swap';
import { PagedTable } from './paged-table';
import { plainAmount } from '../utils/amount';
import { impactPercent, impactTone } from '../utils/impact';
import './swap.css';

const SLIPPAGES = [10, 50, 100] as const;

/** One side of the card: its coin picker (with search) and its amount. */
function Leg(props: {
  label: string;
  testId: 'from' | 'to';
  coin: string;
  coins: string[];
  amount: string;
  available: string | null;
  onCoin: (coin: string) => void;
  onAmount: (amount: string) => void;
  onMax?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="swap-leg" data-testid={`swap-leg-${props.testId}`}>
      <div className="swap-leg-head">
        <label className="swap-label" htmlFor={`swap-amount-${props.testId}`}>
          {props.label}
        </label>
        {props.available !== null && (
          <span className="swap-available" data-testid={`swap-available-${props.testId}`}>
            {t('swap.available', { amount: plainAmount(props.available), coin: props.coin })}
            {props.onMax && (
              <Button
                type="link"
                size="small"
                className="swap-max"
                onClick={props.onMax}
                data-testid="swap-max"
              >
                {t('swap.max')}
              </Button>
            )}
          </span>
        )}
      </div>
      <div className="swap-row">
        <Select
          showSearch
          data-testid={`swap-${props.testId}`}
          value={props.coin}
          options={props.coins.map((c) => ({ value: c, label: c }))}
          onChange={props.onCoin}
          aria-label={t('swap.coin')}
          popupMatchSelectWidth={false}
        />
        <Input
          id={`swap-amount-${props.testId}`}
          data-testid={`swap-amount-${props.testId}`}
          inputMode="decimal"
          value={props.amount}
          placeholder="0.00"
          onChange={(e) => props.onAmount(e.target.value.trim())}
        />
      </div>
    </div>
  );
}

/**
 * `/swap`: the swap card (pay and receive, each with a coin picker with
 * search and an amount: type either, the other is quoted; flip; slippage;
 * the price impact in colour) and the history.
 */
export function SwapPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();
  const coins = useSwapCoins();
  const balances = useSpotBalances();
  const [from, setFrom] = useState('USDT');
  const [to, setTo] = useState('BTC');
  const [amount, setAmount] = useState('');
  // Which amount the user typed: what they pay ('in') or what they receive ('out').
  const [side, setSide] = useState<'in' | 'out'>('in');
  const [slippage, setSlippage] = useState<number>(50);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const ask: SwapQuoteRequest | null =
    amount !== '' && isPlainDecimal(amount) && /[1-9]/.test(amount) && from !== to
      ? {
          from,
          to,
          slippage_bps: slippage,
          ...(side === 'in' ? { amountIn: amount } : { amountOut: amount }),
        }
      : null;
  const quote = useSwapQuote(ask);
  const history = useSwapHistory(pageNo, Boolean(user));
  const availableOf = (coin: string) =>
    user ? (balances.data?.find((b) => b.coin === coin)?.available ?? '0') : null;
  const quoted = quote.data && ask ? quote.data : null;
  const payAmount = side === 'in' ? amount : (quoted?.amountIn ?? '');
  const getAmount = side === 'out' ? amount : (quoted?.amountOut ?? '');
  const tone = quoted ? impactTone(quoted.priceImpact) : 'ok';

  const pick = (which: 'from' | 'to', coin: string) => {
    // Picking the coin of the other side swaps the two, as the large exchanges do.
    if (which === 'from') {
      if (coin === to) setTo(from);
      setFrom(coin);
    } else {
      if (coin === from) setFrom(to);
      setTo(coin);
    }
    setDone(null);
    setRefusal(null);
  };
  const type = (which: 'in' | 'out', value: string) => {
    setSide(which);
    setAmount(value);
    setDone(null);
    setRefusal(null);
  };
  // The typed amount stays with its coin: what was paid becomes what is received.
  const flip = () => {
    setFrom(to);
    setTo(from);
    setSide(side === 'in' ? 'out' : 'in');
    setRefusal(null);
  };

  const submit = async () => {
    if (!ask) return;
    setBusy(true);
    setDone(null);
    setRefusal(null);
    try {
      const record = await swapNow(ask);
      setDone(t('swap.done', { amount: plainAmount(record.amountOut), coin: record.to }));
      setAmount('');
      setPageNo(1);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['swap-history'] }),
        queryClient.invalidateQueries({ queryKey: ['swap-pools'] }),
        invalidateBalances(queryClient),
      ]);
    } catch (error) {
      setRefusal(error instanceof ApiError && error.msg ? error.msg : t('swap.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="swap-page" data-testid="swap-page">
      <section className="swap-card">
        <div className="swap-head">
          <h1 className="swap-title">{t('swap.title')}</h1>
          {user && (
            <Link
              className="swap-to-withdraw"
              to={localePath('/swap/withdraw')}
              data-testid="swap-withdraw-link"
            >
              <WalletOutlined aria-hidden="true" /> {t('swap.withdraw.link')}
            </Link>
          )}
        </div>
        <Leg
          label={t('swap.youPay')}
          testId="from"
          coin={from}
          coins={coins}
          amount={payAmount}
          available={availableOf(from)}
          onCoin={(c) => pick('from', c)}
          onAmount={(v) => type('in', v)}
          onMax={user ? () => type('in', availableOf(from) ?? '') : undefined}
        />
        <Button
          className="swap-flip"
          shape="circle"
          icon={<SwapOutlined rotate={90} />}
          onClick={flip}
          aria-label={t('swap.flip')}
          data-testid="swap-flip"
        />
        <Leg
          label={t('swap.youGet')}
          testId="to"
          coin={to}
          coins={coins}
          amount={getAmount}
          available={availableOf(to)}
          onCoin={(c) => pick('to', c)}
          onAmount={(v) => type('out', v)}
        />
        <div className="swap-slippage">
          <span>{t('swap.slippage')}</span>
          <Segmented
            value={slippage}
            onChange={(v) => setSlippage(Number(v))}
            data-testid="swap-slippage"
            options={SLIPPAGES.map((bps) => ({ value: bps, label: `${bps / 100}%` }))}
          />
        </div>
        {quoted && (
          <dl className="swap-quote" data-testid="swap-quote">
            <dt>{t('swap.rate')}</dt>
            <dd className="swap-num" data-testid="swap-rate">
              <bdi>
                1 {quoted.from} ≈ {quoted.price} {quoted.to}
              </bdi>
            </dd>
            <dt>{t('swap.route')}</dt>
            <dd data-testid="swap-route">
              <bdi>{quoted.route.join(' → ')}</bdi>
            </dd>
            <dt>{t('swap.impact')}</dt>
            <dd className={`swap-impact ${tone}`} data-testid="swap-impact" data-tone={tone}>
              <bdi>{impactPercent(quoted.priceImpact)}</bdi>
            </dd>
            <dt>{t('swap.minimum')}</dt>
            <dd className="swap-num" data-testid="swap-minimum">
              <bdi>
                {quoted.minimumReceived} {quoted.to}
              </bdi>
            </dd>
            <dt>{t('swap.fee')}</dt>
            <dd className="swap-num">
              <bdi>
                {quoted.fee} {quoted.from}
              </bdi>
            </dd>
          </dl>
        )}
        {quoted && tone === 'danger' && (
          <Alert
            type="error"
            showIcon
            className="swap-alert"
            message={t('swap.highImpact')}
            data-testid="swap-high-impact"
          />
        )}
        {ask && quote.isError && (
          <p className="swap-impact danger" data-testid="swap-no-quote">
            {quote.error instanceof ApiError && quote.error.msg
              ? quote.error.msg
              : t('swap.noQuote')}
          </p>
        )}
        {user ? (
          <Button
            type="primary"
            block
            danger={tone === 'danger'}
            loading={busy}
            disabled={!quoted}
            onClick={() => void submit()}
            data-testid="swap-submit"
          >
            {tone === 'danger' && quoted ? t('swap.submitAnyway') : t('swap.submit')}
          </Button>
        ) : (
          <Link
            to={`${localePath('/login')}?redirect=${encodeURIComponent(location.pathname)}`}
            data-testid="swap-login"
          >
            {t('swap.login')}
          </Link>
        )}
        {refusal && (
          <Alert
            type="error"
            showIcon
            className="swap-alert"
            message={refusal}
            data-testid="swap-refusal"
          />
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
          <PagedTable
            testId="swap-history"
            rows={history.data?.items ?? []}
            loading={history.isPending}
            pageNo={pageNo}
            total={history.data?.total ?? 0}
            onPage={setPageNo}
            columns={[
              {
                title: t('swap.youPay'),
                render: (_, r) => (
                  <bdi className="swap-num">{`${plainAmount(r.amountIn)} ${r.from}`}</bdi>
                ),
              },
              {
                title: t('swap.youGet'),
                render: (_, r) => (
                  <bdi className="swap-num">{`${plainAmount(r.amountOut)} ${r.to}`}</bdi>
                ),
              },
            ]}
          />
        </section>
      )}
    </div>
  );
}
