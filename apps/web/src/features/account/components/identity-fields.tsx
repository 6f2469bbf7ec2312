import { EMAIL_PATTERN, MOBILE_PATTERN } from '@quay/core';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AreaCodeSelect } from './area-code-select';

export type IdentityKind = 'email' | 'mobile';

/** The email field, or the area code and mobile number, with their rules: login and register share them. */
export function IdentityFields({
  kind,
  testIds,
  emailAutoComplete,
}: {
  kind: IdentityKind;
  testIds: { email: string; mobile: string; areaCode: string };
  emailAutoComplete: 'username' | 'email';
}) {
  const { t } = useTranslation();
  if (kind === 'email') {
    return (
      <Form.Item
        name="email"
        label={t('auth.emailLabel')}
        rules={[
          { required: true, message: t('auth.errors.emailRequired') },
          { pattern: new RegExp(EMAIL_PATTERN, 'u'), message: t('auth.errors.emailInvalid') },
        ]}
      >
        <Input
          data-testid={testIds.email}
          autoComplete={emailAutoComplete}
          placeholder={t('auth.emailPlaceholder')}
        />
      </Form.Item>
    );
  }
  return (
    <Form.Item label={t('auth.mobileLabel')} required>
      <Space.Compact block>
        <Form.Item name="areaCode" noStyle>
          <AreaCodeSelect testId={testIds.areaCode} />
        </Form.Item>
        <Form.Item
          name="mobile"
          noStyle
          rules={[
            { required: true, message: t('auth.errors.mobileRequired') },
            { pattern: new RegExp(MOBILE_PATTERN), message: t('auth.errors.mobileInvalid') },
          ]}
        >
          <Input
            data-testid={testIds.mobile}
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t('auth.mobilePlaceholder')}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
