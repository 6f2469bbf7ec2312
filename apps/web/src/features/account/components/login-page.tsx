import { Button, Form, Input, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../platform/request/client';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useLogin } from '../api/login';
import { safeRedirect } from '../utils/safe-redirect';
import { AuthCard } from './auth-card';
import { IdentityFields, type IdentityKind } from './identity-fields';
import { LoginStepCard, stepOf, type LoginStep } from './login-steps';
import { PasskeyLoginButton } from './passkey-login-button';
import { QrLoginPanel } from './qr-login-panel';
import { ThirdPartyButtons } from './third-party-buttons';
import './account-security.css';
import { useApp } from '../../../platform/widgets/app-widgets';

type Kind = IdentityKind | 'qr';

interface LoginForm {
  email?: string;
  mobile?: string;
  areaCode?: string;
  pwd: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const [kind, setKind] = useState<Kind>('email');
  const [form] = Form.useForm<LoginForm>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const login = useLogin();
  // Set when the password was right and the account asks for a new device's code or its factors.
  const [step, setStep] = useState<LoginStep | null>(null);
  const goOn = () => void navigate(safeRedirect(params.get('redirect')) ?? localePath('/'));

  async function submit(values: LoginForm) {
    try {
      const answer = await login.mutateAsync(
        kind === 'email'
          ? { loginName: values.email ?? '', pwd: values.pwd }
          : { loginName: values.mobile ?? '', areaCode: values.areaCode ?? '', pwd: values.pwd },
      );
      const next = stepOf(answer);
      if (next) {
        setStep(next);
        return;
      }
      void message.success(t('auth.loginSuccess'));
      goOn();
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  if (step) {
    return (
      <LoginStepCard
        step={step}
        onStep={setStep}
        onDone={goOn}
        onRestart={() => {
          setStep(null);
          form.resetFields(['pwd']);
        }}
      />
    );
  }

  return (
    <AuthCard title={t('auth.loginTitle')}>
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as Kind)}
        items={[
          { key: 'email', label: <span data-testid="login-tab-email">{t('auth.email')}</span> },
          { key: 'mobile', label: <span data-testid="login-tab-mobile">{t('auth.mobile')}</span> },
          { key: 'qr', label: <span data-testid="login-tab-qr">{t('logins.qr.tab')}</span> },
        ]}
      />
      {kind === 'qr' ? (
        <QrLoginPanel onDone={goOn} />
      ) : (
        <Form<LoginForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          initialValues={{ areaCode: '1' }}
          size="large"
        >
          <IdentityFields
            kind={kind}
            testIds={{ email: 'login-name', mobile: 'login-name', areaCode: 'login-area-code' }}
            emailAutoComplete="username"
          />
          <Form.Item
            name="pwd"
            label={t('auth.password')}
            rules={[{ required: true, message: t('auth.errors.passwordRequired') }]}
          >
            <Input.Password
              data-testid="login-password"
              autoComplete="current-password"
              placeholder={t('auth.passwordPlaceholder')}
            />
          </Form.Item>
          <p className="auth-forgot">
            <Link to={localePath('/forgot-password')} data-testid="login-forgot">
              {t('accountSecurity.forgot.link')}
            </Link>
          </p>
          <Button
            data-testid="login-submit"
            type="primary"
            htmlType="submit"
            block
            loading={login.isPending}
          >
            {t('auth.submitLogin')}
          </Button>
        </Form>
      )}
      <div className="auth-or">{t('logins.or')}</div>
      <PasskeyLoginButton onDone={goOn} />
      <ThirdPartyButtons onDone={goOn} />
      <p className="auth-switch">
        {t('auth.noAccount')} <Link to={localePath('/register')}>{t('auth.goRegister')}</Link>
      </p>
    </AuthCard>
  );
}
