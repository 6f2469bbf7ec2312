import { StopOutlined } from '@ant-design/icons';
import type { FactorCodes } from '@quay/core';
import { Button, Checkbox, Form, Input, Segmented, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { useFreezeAccount } from '../api/freeze-account';
import { ChangeCodes } from './change-codes';
import { SecurityPageHead } from './security-page-head';
import './settings-page.css';
import './modify-verification.css';
import './account-security.css';
import { useApp } from '../../../platform/widgets/app-widgets';

type Proof = 'password' | 'factor';

interface FreezeForm extends FactorCodes {
  pwd?: string;
  understood: boolean;
}

/** /account/setting/freeze: the owner stops the account at once; only support unfreezes it. */
export function FreezePage() {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const freeze = useFreezeAccount();
  const [proof, setProof] = useState<Proof>('password');

  function submit(values: FreezeForm) {
    const { understood: _understood, ...rest } = values;
    modal.confirm({
      title: t('accountSecurity.freeze.confirmTitle'),
      content: t('accountSecurity.freeze.confirmText'),
      okText: t('accountSecurity.freeze.action'),
      okButtonProps: { danger: true, 'data-testid': 'freeze-confirm' } as ButtonProps,
      cancelText: t('common.cancel'),
      async onOk() {
        try {
          await freeze.mutateAsync(
            proof === 'password' ? { pwd: rest.pwd } : { ...rest, pwd: undefined },
          );
          void message.success(t('accountSecurity.freeze.done'));
          void navigate(localePath('/login'));
        } catch (err) {
          if (err instanceof ApiError) void message.error(err.msg);
        }
      },
    });
  }

  return (
    <div className="settings-page security-subpage" data-testid="freeze-page">
      <SecurityPageHead title={t('accountSecurity.freeze.title')} />
      <section className="settings-card security-form-card">
        <h2>
          <StopOutlined /> {t('accountSecurity.freeze.title')}
        </h2>
        <ul className="security-warnings">
          <li>{t('accountSecurity.freeze.effectSessions')}</li>
          <li>{t('accountSecurity.freeze.effectLogin')}</li>
          <li>{t('accountSecurity.freeze.effectUnfreeze')}</li>
        </ul>
        <Form<FreezeForm> layout="vertical" requiredMark={false} onFinish={submit} size="large">
          <Form.Item label={t('accountSecurity.freeze.proof')}>
            <Segmented<Proof>
              block
              value={proof}
              onChange={setProof}
              options={[
                { value: 'password', label: t('auth.password') },
                { value: 'factor', label: t('accountSecurity.freeze.secondFactor') },
              ]}
              data-testid="freeze-proof"
            />
          </Form.Item>
          {proof === 'password' ? (
            <Form.Item
              name="pwd"
              label={t('auth.password')}
              rules={[{ required: true, message: t('auth.errors.passwordRequired') }]}
            >
              <Input.Password data-testid="freeze-password" autoComplete="current-password" />
            </Form.Item>
          ) : (
            <ChangeCodes testId="freeze-code" />
          )}
          <Form.Item
            name="understood"
            valuePropName="checked"
            rules={[
              {
                validator: (_, v: boolean | undefined) =>
                  v
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('accountSecurity.freeze.understood'))),
              },
            ]}
          >
            <Checkbox data-testid="freeze-understood">
              {t('accountSecurity.freeze.understood')}
            </Checkbox>
          </Form.Item>
          <Button
            type="primary"
            danger
            htmlType="submit"
            block
            loading={freeze.isPending}
            data-testid="freeze-submit"
          >
            {t('accountSecurity.freeze.action')}
          </Button>
        </Form>
      </section>
    </div>
  );
}
