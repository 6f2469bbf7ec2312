import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { VERIFY_CODE_PATTERN } from '@quay/core';
import { Button, Checkbox, Form, Input, Space, Tabs } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { registrationReferralFields } from '../../../platform/referral/campaign-codes';
import { ApiError } from '../../../platform/request/client';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import type { ReferralFields } from '@quay/core';
import { useRegister } from '../api/register';
import { useSendCode } from '../api/send-code';
import { useCountdown } from '../hooks/use-countdown';
import { safeRedirect } from '../utils/safe-redirect';
import { AuthCard } from './auth-card';
import { IdentityFields, type IdentityKind } from './identity-fields';
import { NewPasswordFields } from './new-password-fields';
import { RegisterBothFields } from './register-both-fields';
import { ThirdPartyButtons } from './third-party-buttons';
import { useApp } from '../../../platform/widgets/app-widgets';

/** 'both': a mobile number and an email address, each with its own code. */
type Kind = IdentityKind | 'both';

interface RegisterForm {
  email?: string;
  mobile?: string;
  areaCode?: string;
  verifyCode: string;
  /** The two codes of a registration with both addresses. */
  emailCode?: string;
  mobileCode?: string;
  pwd: string;
  rePwd: string;
  referral?: string;
  agree: boolean;
}

const CODE_FIELD = /^[A-Za-z0-9_.:-]{1,64}$/;

function queryCode(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim();
  return value && CODE_FIELD.test(value) ? value : undefined;
}

/**
 * Campaign codes for the registration payload: those the campaign cache kept
 * (from this visit's link or an earlier one, under the server's rules). The
 * referral code itself comes from the form, where the visitor can change it.
 */
function campaignFields(): Omit<ReferralFields, 'registerVipNo'> {
  const { registerVipNo: _stored, ...stored } = registrationReferralFields(Date.now());
  return stored;
}

export function RegisterPage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [kind, setKind] = useState<Kind>('email');
  const [initialReferral] = useState(
    () =>
      queryCode(params, 'vipCode') ?? registrationReferralFields(Date.now()).registerVipNo ?? '',
  );
  const [referralOpen, setReferralOpen] = useState(initialReferral !== '');
  const [form] = Form.useForm<RegisterForm>();
  const sendCode = useSendCode();
  const register = useRegister();
  const countdown = useCountdown();

  async function onSendCode() {
    if (kind === 'both') return;
    const fields = kind === 'email' ? ['email'] : ['mobile', 'areaCode'];
    try {
      await form.validateFields(fields);
    } catch {
      return;
    }
    const values = form.getFieldsValue();
    try {
      const sent = await sendCode.mutateAsync(
        kind === 'email'
          ? { bizType: 'register', email: values.email ?? '' }
          : { bizType: 'register', mobile: values.mobile ?? '', areaCode: values.areaCode ?? '' },
      );
      countdown.start(sent.resendSeconds);
      const target =
        kind === 'email'
          ? (values.email ?? '')
          : `+${values.areaCode ?? ''} ${values.mobile ?? ''}`;
      void message.success(
        t(kind === 'email' ? 'auth.codeSentEmail' : 'auth.codeSentMobile', { target }),
      );
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  async function submit(values: RegisterForm) {
    const referral = values.referral?.trim();
    const common = {
      pwd: values.pwd,
      rePwd: values.rePwd,
      verifyCode: (kind === 'both' ? values.mobileCode : values.verifyCode) ?? '',
      ...campaignFields(),
      ...(referral ? { registerVipNo: referral } : {}),
    };
    const phone = { mobile: values.mobile ?? '', areaCode: values.areaCode ?? '' };
    try {
      await register.mutateAsync(
        kind === 'email'
          ? { kind: 'email', email: values.email ?? '', ...common }
          : kind === 'mobile'
            ? { kind: 'mobile', ...phone, ...common }
            : {
                kind: 'mobileAndEmail',
                email: values.email ?? '',
                emailVerifyCode: values.emailCode ?? '',
                ...phone,
                ...common,
              },
      );
      void message.success(t('auth.registerSuccess'));
      void navigate(safeRedirect(params.get('redirect')) ?? localePath('/'));
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  const sendLabel =
    countdown.seconds > 0 ? t('auth.resendIn', { seconds: countdown.seconds }) : t('auth.sendCode');

  return (
    <AuthCard title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <Tabs
        activeKey={kind === 'both' ? 'mobile' : kind}
        onChange={(k) => {
          setKind(k as Kind);
          form.resetFields(['verifyCode', 'emailCode', 'mobileCode']);
        }}
        items={[
          { key: 'email', label: <span data-testid="register-tab-email">{t('auth.email')}</span> },
          {
            key: 'mobile',
            label: <span data-testid="register-tab-mobile">{t('auth.mobile')}</span>,
          },
        ]}
      />
      <Form<RegisterForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        size="large"
        initialValues={{
          areaCode: '1',
          email: params.get('email') ?? undefined,
          referral: initialReferral,
          agree: false,
        }}
      >
        {kind === 'email' ? null : (
          <Checkbox
            style={{ marginBlockEnd: 16 }}
            data-testid="register-add-email"
            checked={kind === 'both'}
            onChange={(e) => setKind(e.target.checked ? 'both' : 'mobile')}
          >
            {t('auth.mobileAndEmail')}
          </Checkbox>
        )}
        {kind === 'both' ? (
          <RegisterBothFields form={form} />
        ) : (
          <>
            <IdentityFields
              kind={kind}
              testIds={{
                email: 'register-email',
                mobile: 'register-mobile',
                areaCode: 'register-area-code',
              }}
              emailAutoComplete="email"
            />
            <Form.Item label={t('auth.code')} required>
              <Space.Compact block>
                <Form.Item
                  name="verifyCode"
                  noStyle
                  rules={[
                    { required: true, message: t('auth.errors.codeRequired') },
                    {
                      pattern: new RegExp(VERIFY_CODE_PATTERN),
                      message: t('auth.errors.codeInvalid'),
                    },
                  ]}
                >
                  <Input
                    data-testid="register-code"
                    inputMode="numeric"
                    maxLength={6}
                    autoComplete="one-time-code"
                    placeholder={t('auth.codePlaceholder')}
                  />
                </Form.Item>
                <Button
                  data-testid="register-send-code"
                  onClick={onSendCode}
                  disabled={countdown.seconds > 0}
                  loading={sendCode.isPending}
                  className="send-code"
                >
                  {sendLabel}
                </Button>
              </Space.Compact>
            </Form.Item>
          </>
        )}
        <NewPasswordFields testIds={{ pwd: 'register-password', rePwd: 'register-repassword' }} />
        <button
          type="button"
          className="referral-toggle"
          data-testid="register-referral-toggle"
          onClick={() => setReferralOpen((o) => !o)}
        >
          {t('auth.referral')} {referralOpen ? <UpOutlined /> : <DownOutlined />}
        </button>
        <Form.Item
          name="referral"
          hidden={!referralOpen}
          rules={[{ pattern: CODE_FIELD, message: t('auth.errors.referralInvalid') }]}
        >
          <Input
            data-testid="register-referral"
            maxLength={64}
            placeholder={t('auth.referralPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: (_, v: boolean) =>
                v ? Promise.resolve() : Promise.reject(new Error(t('auth.errors.agreeRequired'))),
            },
          ]}
        >
          <Checkbox data-testid="register-agree">
            <Trans
              i18nKey="auth.agreeLinks"
              components={{
                // In a new tab, so that the form keeps what was typed (same origin: rel opener).
                terms: (
                  <a
                    href={localePath('/terms')}
                    target="_blank"
                    rel="opener"
                    data-testid="register-terms"
                  />
                ),
                privacy: (
                  <a
                    href={localePath('/privacy')}
                    target="_blank"
                    rel="opener"
                    data-testid="register-privacy"
                  />
                ),
              }}
            />
          </Checkbox>
        </Form.Item>
        <Button
          data-testid="register-submit"
          type="primary"
          htmlType="submit"
          block
          loading={register.isPending}
        >
          {t('auth.submitRegister')}
        </Button>
      </Form>
      <ThirdPartyButtons divider onDone={() => void navigate(localePath('/'))} />
      <p className="auth-switch">
        {t('auth.haveAccount')} <Link to={localePath('/login')}>{t('auth.goLogin')}</Link>
      </p>
    </AuthCard>
  );
}
