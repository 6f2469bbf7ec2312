import { LockOutlined } from '@ant-design/icons';
import type { FactorCodes } from '@quay/core';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { useChangePassword } from '../api/change-password';
import { ChangeCodes } from './change-codes';
import { NewPasswordFields } from './new-password-fields';
import { SecurityPageHead } from './security-page-head';
import './settings-page.css';
import './modify-verification.css';
import './account-security.css';
import { useApp } from '../../../platform/widgets/app-widgets';

interface PasswordForm extends FactorCodes {
  oldPwd: string;
  pwd: string;
  rePwd: string;
}

/** /account/setting/password: a new password, given the old one and the second factor. */
export function PasswordPage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const change = useChangePassword();

  async function submit(values: PasswordForm) {
    try {
      await change.mutateAsync(values);
      void message.success(t('accountSecurity.password.done'));
      void navigate(localePath('/account/setting'));
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  return (
    <div className="settings-page security-subpage" data-testid="password-page">
      <SecurityPageHead title={t('accountSecurity.password.pageTitle')} />
      <section className="settings-card security-form-card">
        <h2>
          <LockOutlined /> {t('accountSecurity.password.title')}
        </h2>
        <p className="factor-intro">{t('accountSecurity.password.intro')}</p>
        <Form<PasswordForm> layout="vertical" requiredMark={false} onFinish={submit} size="large">
          <Form.Item
            name="oldPwd"
            label={t('accountSecurity.password.old')}
            rules={[{ required: true, message: t('auth.errors.passwordRequired') }]}
          >
            <Input.Password data-testid="password-old" autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields
            label={t('accountSecurity.password.new')}
            testIds={{ pwd: 'password-new', rePwd: 'password-repeat' }}
          />
          <ChangeCodes testId="password-code" />
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={change.isPending}
            data-testid="password-submit"
          >
            {t('accountSecurity.password.submit')}
          </Button>
        </Form>
      </section>
    </div>
  );
}
