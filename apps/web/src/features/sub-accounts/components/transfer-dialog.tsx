import type { SubAccountList } from '@quay/core/sub-accounts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSpotBalances } from '../../../entities/balances/spot-balances';
import { FormDialog } from './form-dialog';
import { ApiError } from '../../../platform/request/client';
import { useSubTransfer } from '../api/sub-accounts';
import { useApp } from '../../../platform/widgets/app-widgets';

interface TransferForm {
  fromUserId: string;
  toUserId: string;
  coin: string;
  amount: string;
}

const AMOUNT = /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,8})?$/;

/** Spot coins between the main account and a sub, or between two subs. */
export function TransferDialog({
  list,
  initialTo,
  onClose,
}: {
  list: SubAccountList;
  initialTo: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<TransferForm>();
  const transfer = useSubTransfer();
  const { data: mainBalances } = useSpotBalances();
  const from = Form.useWatch('fromUserId', form) ?? list.mainUserId;
  const coin = Form.useWatch('coin', form) ?? 'USDT';

  const accounts = [
    { value: list.mainUserId, label: t('subAccounts.mainAccount') },
    ...list.subs.map((s) => ({ value: s.userId, label: `${s.name} (${s.userId})` })),
  ];
  const held =
    from === list.mainUserId
      ? (mainBalances ?? []).map((b) => ({ coin: b.coin, available: b.available }))
      : (list.subs.find((s) => s.userId === from)?.assets ?? []);
  const coins = [...new Set(['USDT', ...held.map((h) => h.coin)])];
  const available = held.find((h) => h.coin === coin)?.available ?? '0';

  async function submit(values: TransferForm) {
    try {
      await transfer.mutateAsync(values);
      void message.success(t('subAccounts.transferDone'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  return (
    <FormDialog
      title={t('subAccounts.transfer')}
      okText={t('subAccounts.transferSubmit')}
      submit={() => form.submit()}
      onClose={onClose}
      busy={transfer.isPending}
      testId="sub-transfer-submit"
    >
      <Form<TransferForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{
          fromUserId: list.mainUserId,
          toUserId: initialTo ?? list.subs[0]?.userId,
          coin: 'USDT',
        }}
      >
        <Form.Item name="fromUserId" label={t('subAccounts.from')} rules={[{ required: true }]}>
          <Select options={accounts} data-testid="sub-transfer-from" />
        </Form.Item>
        <Form.Item
          name="toUserId"
          label={t('subAccounts.to')}
          dependencies={['fromUserId']}
          rules={[
            { required: true, message: t('subAccounts.toRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                value && value === getFieldValue('fromUserId')
                  ? Promise.reject(new Error(t('subAccounts.sameAccount')))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Select options={accounts} data-testid="sub-transfer-to" />
        </Form.Item>
        <Form.Item name="coin" label={t('subAccounts.coin')} rules={[{ required: true }]}>
          <Select options={coins.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('subAccounts.amount')}
          extra={
            <span data-testid="sub-transfer-available">
              {t('subAccounts.available')} <bdi dir="ltr">{`${available} ${coin}`}</bdi>
            </span>
          }
          rules={[
            { required: true, message: t('subAccounts.amountInvalid') },
            { pattern: AMOUNT, message: t('subAccounts.amountInvalid') },
          ]}
        >
          <Input inputMode="decimal" dir="ltr" data-testid="sub-transfer-amount" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
