import { LinkOutlined, UserAddOutlined } from '@ant-design/icons';
import type { LoginVerification } from '@quay/core';
import { Button, Form, Input, Segmented, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiError } from '../../../platform/request/client';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useSendCode } from '../api/send-code';
import {
  bindChoose,
  dropPending,
  keptPending,
  kindOf,
  openVirtual,
  proveAccount,
  registerPending,
  useProviderName,
  type StoredPending,
} from '../api/third-party';
import { useThirdPartyAnswer } from '../hooks/use-third-party-answer';
import { AuthCard } from './auth-card';
import { IdentityFields, type IdentityKind } from './identity-fields';
import { ThirdPartyVerifyCard } from './third-party-verify-card';
import './account-security.css';
import './third-party.css';
import './logins.css';
import { useApp } from '../../../platform/widgets/app-widgets';

interface BindForm {
  email?: string;
  mobile?: string;
  areaCode?: string;
  pwd: string;
}

/** Bind the identity to an account its password proves, then log in (bind/choose). */
function BindExisting({
  pending,
  onAnswer,
}: {
  pending: StoredPending;
  onAnswer: ReturnType<typeof useThirdPartyAnswer>;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [kind, setKind] = useState<IdentityKind>('email');
  const [busy, setBusy] = useState(false);

  async function submit(values: BindForm) {
    setBusy(true);
    try {
      await proveAccount(
        pending,
        kind === 'email'
          ? { loginName: values.email ?? '', pwd: values.pwd }
          : { loginName: values.mobile ?? '', areaCode: values.areaCode ?? '', pwd: values.pwd },
      );
      const answer = await bindChoose(pending.serialNO);
      dropPending();
      onAnswer(answer);
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form<BindForm>
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={{ areaCode: '1' }}
      size="large"
    >
      <p className="auth-subtitle">{t('thirdParty.bindHint')}</p>
      {kindOf(pending) === 'wallet' ? null : (
        <Segmented
          block
          value={kind}
          onChange={(v) => setKind(v as IdentityKind)}
          options={[
            { value: 'email', label: t('auth.email') },
            { value: 'mobile', label: t('auth.mobile') },
          ]}
        />
      )}
      <IdentityFields
        kind={kind}
        testIds={{
          email: 'bind-login-name',
          mobile: 'bind-login-name',
          areaCode: 'bind-area-code',
        }}
        emailAutoComplete="username"
      />
      <Form.Item
        name="pwd"
        label={t('auth.password')}
        rules={[{ required: true, message: t('auth.errors.passwordRequired') }]}
      >
        <Input.Password data-testid="bind-password" autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="bind-submit">
        {t('thirdParty.bindSubmit')}
      </Button>
    </Form>
  );
}

/** Open a new account: with the address the provider vouched for, or one confirmed by a mailed code. */
function CreateAccount({
  pending,
  onAnswer,
}: {
  pending: StoredPending;
  onAnswer: ReturnType<typeof useThirdPartyAnswer>;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<{ email: string; code: string }>();
  const sendCode = useSendCode();
  const [busy, setBusy] = useState(false);

  async function finish(call: () => Promise<Parameters<typeof onAnswer>[0]>) {
    setBusy(true);
    try {
      const answer = await call();
      dropPending();
      onAnswer(answer);
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    } finally {
      setBusy(false);
    }
  }

  async function send() {
    try {
      const email = (await form.validateFields(['email'])).email;
      await sendCode.mutateAsync({ bizType: 'register', email });
      void message.success(t('thirdParty.codeSent'));
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  if (pending.email) {
    const email = pending.email;
    return (
      <div>
        <p className="auth-subtitle">
          {t('thirdParty.createWithEmail', { email: `\u2068${email}\u2069` })}
        </p>
        <Button
          type="primary"
          size="large"
          block
          loading={busy}
          onClick={() => void finish(() => registerPending(pending, { email }))}
          data-testid="create-with-provider-email"
        >
          {t('thirdParty.createSubmit')}
        </Button>
      </div>
    );
  }
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={(v) =>
        void finish(() => registerPending(pending, { email: v.email, code: v.code }))
      }
    >
      <p className="auth-subtitle">{t('thirdParty.createHint')}</p>
      <IdentityFields
        kind="email"
        testIds={{ email: 'create-email', mobile: '', areaCode: '' }}
        emailAutoComplete="email"
      />
      <Form.Item
        name="code"
        label={t('auth.code')}
        rules={[{ required: true, len: 6, message: t('auth.errors.codeRequired') }]}
      >
        <Input
          data-testid="create-code"
          inputMode="numeric"
          maxLength={6}
          addonAfter={
            <Button
              type="link"
              size="small"
              loading={sendCode.isPending}
              onClick={() => void send()}
            >
              {t('auth.sendCode')}
            </Button>
          }
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="create-submit">
        {t('thirdParty.createSubmit')}
      </Button>
      {kindOf(pending) === 'telegram' ? (
        <Button
          block
          className="third-party-virtual"
          onClick={() => void finish(() => openVirtual(pending.serialNO))}
          data-testid="create-virtual"
        >
          {t('thirdParty.createWithout')}
        </Button>
      ) : null}
    </Form>
  );
}

/** /login/third: a third-party identity no account has yet: bind it to one, or open one; then the second factor. */
export function ThirdPartyBindPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [pending] = useState(keptPending);
  const [mode, setMode] = useState<'bind' | 'create'>('bind');
  const [verification, setVerification] = useState<LoginVerification | null>(null);
  const answered = useThirdPartyAnswer(setVerification);
  const providerName = useProviderName();
  if (verification) return <ThirdPartyVerifyCard verification={verification} />;
  if (!pending) return <Navigate to={localePath('/login')} replace />;
  const provider = providerName(pending.provider);
  return (
    <AuthCard title={t('thirdParty.finishTitle')}>
      <div data-testid="third-party-bind">
        <p className="third-party-identity" data-testid="third-party-identity">
          <strong>{provider}</strong> <bdi>{pending.label}</bdi>
        </p>
        <Tabs
          activeKey={mode}
          onChange={(k) => setMode(k as 'bind' | 'create')}
          items={[
            {
              key: 'bind',
              label: (
                <span data-testid="third-party-tab-bind">
                  <LinkOutlined /> {t('thirdParty.bindTab')}
                </span>
              ),
            },
            {
              key: 'create',
              label: (
                <span data-testid="third-party-tab-create">
                  <UserAddOutlined /> {t('thirdParty.createTab')}
                </span>
              ),
            },
          ]}
        />
        {mode === 'bind' ? (
          <BindExisting pending={pending} onAnswer={answered} />
        ) : (
          <CreateAccount pending={pending} onAnswer={answered} />
        )}
      </div>
    </AuthCard>
  );
}
