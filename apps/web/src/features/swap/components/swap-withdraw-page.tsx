import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  ASSET_PATHS,
  ERRORS,
  isPlainDecimal,
  type AssetRecordStatus,
  type CoinSetting,
} from '@quay/core';
import type { SwapWithdraw } from '@quay/core/swap-api';
import { Alert, Button, Form, Input, Select, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { invalidateBalances } from '../../../entities/balances/balance-keys';
import { useAssetRecords } from '../../../entities/balances/asset-records';
import { useSpotBalances } from '../../../entities/balances/spot-balances';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError, request } from '../../../platform/request/client';
import { FactorCodeField } from '../../../ui/factor-code-field';
import { sendFactorCode, swapWithdraw, useFactors, useSwapCoins } from '../api/swap';
import { plainAmount } from '../utils/amount';
import { PAGE_SIZE, PagedTable } from './paged-table';
import './swap.css';

const FACTORS = ['google', 'email', 'mobile'] as const;

const STATUS_COLOUR: Record<AssetRecordStatus, string> = {
  pending: 'gold',
  completed: 'green',
  rejected: 'red',
  canceled: 'default',
};

type Values = Omit<SwapWithdraw, 'coin'>;

/**
 * `/swap/withdraw`: coins to an external wallet (address, amount, the code
 * of every second factor that is on), then the withdrawals with their status;
 * each waits, frozen, until the operator approves or rejects it.
 */
export function SwapWithdrawPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const coins = useSwapCoins();
  const [coin, setCoin] = useState('USDT');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const factors = useFactors(true);
  const balances = useSpotBalances();
  const settings = useQuery({
    queryKey: ['swap', 'coin-settings'],
    queryFn: () => request<CoinSetting[]>(ASSET_PATHS.coins, { silent: true }),
    staleTime: 5 * 60_000,
  });
  const records = useAssetRecords('withdraw', pageNo, PAGE_SIZE);
  const available = balances.data?.find((b) => b.coin === coin)?.available ?? '0';
  const setting = settings.data?.find((s) => s.coin === coin);
  const on = FACTORS.filter((f) => factors.data?.[f]);
  const noFactor = factors.data !== undefined && on.length === 0;

  const submit = async (values: Values) => {
    setRefusal(null);
    setAsked(null);
    setBusy(true);
    try {
      const record = await swapWithdraw({
        coin,
        address: values.address.trim(),
        amount: values.amount.trim(),
        ...(values.googleCode ? { googleCode: values.googleCode } : {}),
        ...(values.emailCode ? { emailCode: values.emailCode } : {}),
        ...(values.mobileCode ? { mobileCode: values.mobileCode } : {}),
      });
      setAsked(t('swap.withdraw.asked', { amount: plainAmount(record.amount), coin: record.coin }));
      form.resetFields();
      setPageNo(1);
      await invalidateBalances(queryClient);
    } catch (error) {
      const needs =
        error instanceof ApiError && error.code === ERRORS.SWAP_NEEDS_SECOND_FACTOR.code;
      setRefusal(
        needs
          ? t('swap.withdraw.needsFactor')
          : error instanceof ApiError && error.msg
            ? error.msg
            : t('swap.withdraw.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="swap-page" data-testid="swap-withdraw-page">
      <section className="swap-card">
        <Link className="swap-back" to={localePath('/swap')} data-testid="swap-wd-back">
          <ArrowLeftOutlined className="swap-back-icon" aria-hidden="true" />
          {t('swap.title')}
        </Link>
        <h1 className="swap-title">{t('swap.withdraw.title')}</h1>
        <p className="swap-note">{t('swap.withdraw.intro')}</p>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item label={t('swap.coin')}>
            <Select
              showSearch
              data-testid="swap-wd-coin"
              value={coin}
              options={coins.map((c) => ({ value: c, label: c }))}
              onChange={setCoin}
              aria-label={t('swap.coin')}
            />
          </Form.Item>
          <Form.Item
            name="address"
            label={
              setting
                ? t('swap.withdraw.addressOn', { network: setting.network })
                : t('swap.withdraw.address')
            }
            rules={[
              { required: true, whitespace: true, message: t('swap.withdraw.addressMissing') },
            ]}
          >
            <Input
              dir="ltr"
              maxLength={128}
              autoComplete="off"
              spellCheck={false}
              data-testid="swap-wd-address"
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('swap.withdraw.amount')}
            extra={
              <span className="swap-available" data-testid="swap-wd-available">
                {t('swap.available', { amount: plainAmount(available), coin })}
                {setting &&
                  ` · ${t('swap.withdraw.terms', { minimum: setting.minWithdraw, fee: setting.withdrawFee, coin })}`}
              </span>
            }
            rules={[
              {
                required: true,
                validator: (_, v: string | undefined) =>
                  v && isPlainDecimal(v.trim()) && /[1-9]/.test(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('swap.withdraw.amountInvalid'))),
              },
            ]}
          >
            <Input
              inputMode="decimal"
              placeholder="0.00"
              data-testid="swap-wd-amount"
              suffix={
                <Button
                  type="link"
                  size="small"
                  className="swap-max"
                  onClick={() => form.setFieldValue('amount', available)}
                  data-testid="swap-wd-max"
                >
                  {t('swap.max')}
                </Button>
              }
            />
          </Form.Item>
          {on.map((factor) => (
            <FactorCodeField
              key={factor}
              factor={factor}
              testIdPrefix="swap-wd"
              onSend={sendFactorCode}
            />
          ))}
          {noFactor && (
            <Alert
              type="warning"
              showIcon
              className="swap-alert"
              data-testid="swap-wd-no-factor"
              message={t('swap.withdraw.needsFactor')}
              action={
                <Link to={localePath('/account/setting')}>{t('swap.withdraw.security')}</Link>
              }
            />
          )}
          {refusal && (
            <Alert
              type="error"
              showIcon
              className="swap-alert"
              message={refusal}
              data-testid="swap-wd-refusal"
            />
          )}
          {asked && (
            <Alert
              type="success"
              showIcon
              className="swap-alert"
              message={asked}
              data-testid="swap-wd-asked"
            />
          )}
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={busy}
            disabled={noFactor}
            data-testid="swap-wd-submit"
          >
            {t('swap.withdraw.submit')}
          </Button>
        </Form>
      </section>
      <section className="swap-card swap-history">
        <h2>{t('swap.withdraw.list')}</h2>
        <PagedTable
          testId="swap-wd-list"
          rows={records.data?.items ?? []}
          loading={records.isPending}
          pageNo={pageNo}
          total={records.data?.total ?? 0}
          onPage={setPageNo}
          // The status before the address: on a phone the address is what scrolls out of sight.
          columns={[
            {
              title: t('swap.withdraw.amount'),
              render: (_, r) => (
                <bdi className="swap-num">{`${plainAmount(r.amount)} ${r.coin}`}</bdi>
              ),
            },
            {
              title: t('swap.withdraw.status'),
              dataIndex: 'status',
              render: (v: AssetRecordStatus) => (
                <Tag color={STATUS_COLOUR[v]} data-testid={`swap-wd-status-${v}`}>
                  {t(`record.recordStatus.${v}`)}
                </Tag>
              ),
            },
            {
              title: t('swap.withdraw.address'),
              dataIndex: 'address',
              render: (v: string) => (
                <span className="swap-address" title={v}>
                  {v}
                </span>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}
