import { SUB_ACCOUNT_NAME_PATTERN } from '@quay/core/sub-accounts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from './form-dialog';
import { ApiError } from '../../../platform/request/client';
import { useCreateSubAccount } from '../api/sub-accounts';
import { useApp } from '../../../platform/widgets/app-widgets';

const NAME = new RegExp(SUB_ACCOUNT_NAME_PATTERN);

/** A new sub-account: its name makes its virtual email. */
export function CreateDialog({ mainUserId, onClose }: { mainUserId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateSubAccount();
  const name = Form.useWatch('name', form) ?? '';

  async function submit(values: { name: string }) {
    try {
      await create.mutateAsync(values);
      void message.success(t('subAccounts.created'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  return (
    <FormDialog
      title={t('subAccounts.create')}
      okText={t('subAccounts.createSubmit')}
      submit={() => form.submit()}
      onClose={onClose}
      busy={create.isPending}
      testId="sub-create-submit"
    >
      <p className="sub-hint">{t('subAccounts.createIntro')}</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="name"
          label={t('subAccounts.name')}
          extra={
            <span>
              {t('subAccounts.nameRule')}{' '}
              <bdi dir="ltr">{`${name || 'name'}@virtual.${mainUserId}.sub`}</bdi>
            </span>
          }
          rules={[
            { required: true, message: t('subAccounts.nameRule') },
            { pattern: NAME, message: t('subAccounts.nameRule') },
          ]}
        >
          <Input maxLength={16} dir="ltr" autoComplete="off" data-testid="sub-create-name" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
