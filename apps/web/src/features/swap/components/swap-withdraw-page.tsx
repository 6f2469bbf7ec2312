import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  ASSET_PATHS,
  ERRORS,
  VERIFY_CODE_PATTERN,
  isPlainDecimal,
  type AssetRecordStatus,
  type CoinSetting,
} from '@quay/core';
import type { SwapWithdraw } from '@quay/core/swap-api';
import { Alert, Button, Form, Input, Select, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { invalidateBalances } from '../../../entities/balances/balance-keys';
import { useAssetRecords } from '../../../entities/balances/asset-records';
import { useSpotBalances } from '../../../entities/balances/spot-balances';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError, request } from '../../../platform/request/client';
import { sendFactorCode, swapWithdraw, useFactors, useSwapPools } from '../api/swap';
import './swap.css';

const CODE = new RegExp(VERIFY_CODE_PATTERN);
const FACTORS = ['google', 'email', 'mobile'] as const;
type Factor = (typeof FACTORS)[number];
const PAGE_SIZE = 10;

const STATUS_COLOUR: Record<AssetRecordStatus, string> = {
  pending: 'gold',
  completed: 'green',
  rejected: 'red',
  canceled: 'default',
};

type Values = Omit<SwapWithdraw, 'coin'>;

/** One code field: an authenticator code, or a code sent by mail or text on request. */
function CodeField({ factor }: { factor: Factor }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await sendFactorCode(factor as 'email' | 'mobile');
    } finally {
      setSending(false);
    }
  };
  return (
    <Form.Item label={t(`auth2fa.${factor}Code`)} required>
      <div className="swap-factor">
        <Form.Item
          noStyle
          name={`${factor}Code`}
          rules={[{ required: true, pattern: CODE, message: t('auth.errors.codeInvalid') }]}
        >
          <Input
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            data-testid={`swap-wd-factor-${factor}`}
          />
        </Form.Item>
        {factor === 'google' ? null : (
          <Button
            loading={sending}
            onClick={() => void send()}
            data-testid={`swap-wd-send-${factor}`}
          >
            {t('auth.sendCode')}
          </Button>
        )}
      </div>
    </Form.Item>
  );
}

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
  const pools = useSwapPools();
  const coins = useMemo(
    () => [...new Set((pools.data ?? []).flatMap((p) => [p.base, p.quote]))].sort(),
    [pools.data],
  );
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
      setAsked(t('swap.withdraw.asked', { amount: record.amount, coin: record.coin }));
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
                {t('swap.available', { amount: available, coin })}
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
            <CodeField key={factor} factor={factor} />
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
        <Table
          rowKey="id"
          size="small"
          data-testid="swap-wd-list"
          dataSource={records.data?.items ?? []}
          loading={records.isPending}
          scroll={{ x: true }}
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: records.data?.total ?? 0,
            onChange: setPageNo,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              title: t('swap.time'),
              dataIndex: 'createdAt',
              render: (v: number) => new Date(v).toLocaleString(),
            },
            {
              title: t('swap.withdraw.amount'),
              render: (_, r) => <span className="swap-num">{`${r.amount} ${r.coin}`}</span>,
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
            {
              title: t('swap.withdraw.status'),
              dataIndex: 'status',
              render: (v: AssetRecordStatus) => (
                <Tag color={STATUS_COLOUR[v]} data-testid={`swap-wd-status-${v}`}>
                  {t(`record.recordStatus.${v}`)}
                </Tag>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}
