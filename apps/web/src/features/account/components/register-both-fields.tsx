import { Form, type FormInstance } from 'antd';
import { useSendCode } from '../api/send-code';
import { FactorCodeField } from './factor-code-field';
import { IdentityFields } from './identity-fields';

interface BothFields {
  email?: string;
  mobile?: string;
  areaCode?: string;
}

/**
 * Registration with both addresses: the email and its mailed code, the
 * mobile number and its texted code (each code sent for its own address).
 */
export function RegisterBothFields<T extends BothFields>({ form }: { form: FormInstance<T> }) {
  const sendCode = useSendCode();
  const email = Form.useWatch('email', form) as string | undefined;
  const mobile = Form.useWatch('mobile', form) as string | undefined;
  const areaCode = Form.useWatch('areaCode', form) as string | undefined;
  const testIds = {
    email: 'register-email',
    mobile: 'register-mobile',
    areaCode: 'register-area-code',
  };

  return (
    <>
      <IdentityFields kind="email" testIds={testIds} emailAutoComplete="email" />
      <FactorCodeField
        name="emailCode"
        testId="register-email-code"
        target={email}
        send={async () => {
          await form.validateFields(['email']);
          return sendCode.mutateAsync({ bizType: 'register', email: email ?? '' });
        }}
      />
      <IdentityFields kind="mobile" testIds={testIds} emailAutoComplete="email" />
      <FactorCodeField
        name="mobileCode"
        testId="register-mobile-code"
        target={mobile ? `+${areaCode ?? ''} ${mobile}` : undefined}
        send={async () => {
          await form.validateFields(['mobile', 'areaCode']);
          return sendCode.mutateAsync({
            bizType: 'register',
            mobile: mobile ?? '',
            areaCode: areaCode ?? '',
          });
        }}
      />
    </>
  );
}
