import { TeamOutlined } from '@ant-design/icons';
import { Button, Form, Input, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { useGatewaySecurity } from '../../../platform/request/gateway-access';
import { useAgencyLogin } from '../api/agency';
import { AuthCard } from './auth-card';
import { IdentityFields, type IdentityKind } from './identity-fields';
import { LoginStepCard, stepOf, type LoginStep } from './login-steps';
import './account-security.css';
import './agency.css';
import { useApp } from '../../../platform/widgets/app-widgets';

interface AgencyLoginForm {
  email?: string;
  mobile?: string;
  areaCode?: string;
  pwd: string;
}

/**
 * `/agency/login`: the agency's own way in (spec section 6). The password
 * step answers 11760 for an account that is no agency; a new device's code
 * and the second factors follow as on the user login; then the dashboard.
 */
export function AgencyLoginPage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const login = useAgencyLogin();
  // Its calls carry the device token and are signed: the setup starts as the page opens.
  useGatewaySecurity();
  const [kind, setKind] = useState<IdentityKind>('email');
  const [step, setStep] = useState<LoginStep | null>(null);
  const [form] = Form.useForm<AgencyLoginForm>();
  const toDashboard = () => void navigate(localePath('/agency'));

  async function submit(values: AgencyLoginForm) {
    const name =
      kind === 'email'
        ? { loginName: values.email ?? '' }
        : { loginName: values.mobile ?? '', areaCode: values.areaCode ?? '' };
    try {
      const answer = await login.mutateAsync({ ...name, pwd: values.pwd });
      const next = stepOf(answer);
      if (next) setStep(next);
      else toDashboard();
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  if (step) {
    return (
      <LoginStepCard
        agency
        step={step}
        onStep={setStep}
        onDone={toDashboard}
        onRestart={() => {
          setStep(null);
          form.resetFields(['pwd']);
        }}
      />
    );
  }

  return (
    <AuthCard title={t('agency.loginTitle')} subtitle={t('agency.loginSubtitle')}>
      <div className="agency-login-badge">
        <TeamOutlined /> {t('agency.portal')}
      </div>
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as IdentityKind)}
        items={[
          { key: 'email', label: <span data-testid="agency-tab-email">{t('auth.email')}</span> },
          { key: 'mobile', label: <span data-testid="agency-tab-mobile">{t('auth.mobile')}</span> },
        ]}
      />
      <Form<AgencyLoginForm>
        form={form}
        size="large"
        layout="vertical"
        requiredMark={false}
        initialValues={{ areaCode: '1' }}
        onFinish={submit}
      >
        <IdentityFields
          kind={kind}
          emailAutoComplete="username"
          testIds={{ email: 'agency-name', mobile: 'agency-name', areaCode: 'agency-area-code' }}
        />
        <Form.Item
          rules={[{ message: t('auth.errors.passwordRequired'), required: true }]}
          label={t('auth.password')}
          name="pwd"
        >
          <Input.Password
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
            data-testid="agency-password"
          />
        </Form.Item>
        <Button
          block
          type="primary"
          htmlType="submit"
          loading={login.isPending}
          data-testid="agency-submit"
        >
          {t('agency.submit')}
        </Button>
      </Form>
      <p className="auth-switch">
        {t('agency.notAgency')} <Link to={localePath('/login')}>{t('agency.userLogin')}</Link>
      </p>
    </AuthCard>
  );
}
