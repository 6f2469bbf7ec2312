import { PASSWORD_MAX, passwordRuleFailures } from '@quay/core';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordRules } from './password-rules';

/**
 * A new password and its repetition inside a Form (fields `pwd` and
 * `rePwd`), with the live rule checklist: registration, change and reset.
 */
export function NewPasswordFields({
  testIds,
  label,
}: {
  testIds: { pwd: string; rePwd: string };
  /** The first field's label; "Password" when absent. */
  label?: string;
}) {
  const { t } = useTranslation();
  const password = Form.useWatch<string | undefined>('pwd') ?? '';
  return (
    <>
      <Form.Item
        name="pwd"
        label={label ?? t('auth.password')}
        rules={[
          { required: true, message: t('auth.errors.passwordRequired') },
          {
            validator: (_, value: string | undefined) =>
              value && passwordRuleFailures(value).length > 0
                ? Promise.reject(new Error(t('auth.errors.passwordRules')))
                : Promise.resolve(),
          },
        ]}
        extra={<PasswordRules password={password} />}
      >
        <Input.Password
          data-testid={testIds.pwd}
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
          placeholder={t('auth.passwordPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="rePwd"
        label={t('auth.confirmPassword')}
        dependencies={['pwd']}
        rules={[
          { required: true, message: t('auth.errors.passwordRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('pwd')
                ? Promise.resolve()
                : Promise.reject(new Error(t('auth.errors.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password
          data-testid={testIds.rePwd}
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
          placeholder={t('auth.confirmPasswordPlaceholder')}
        />
      </Form.Item>
    </>
  );
}
