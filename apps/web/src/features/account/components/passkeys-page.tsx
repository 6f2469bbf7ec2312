import { DeleteOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { PASSKEY_MAX, type FactorCodes, type PasskeyInfo } from '@quay/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Alert, Button, Empty, Form, Input, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { DateTime } from '../../../ui/date-time';
import { usePasskeys, useRegisterPasskey, useRemovePasskey } from '../api/passkeys';
import { usePasskeyFailure } from '../hooks/use-passkey-failure';
import { ChangeCodes } from './change-codes';
import { SecurityPageHead } from './security-page-head';
import './settings-page.css';
import './modify-verification.css';
import './account-security.css';
import './logins.css';
import { useApp } from '../../../platform/widgets/app-widgets';

function RemoveDialog({ passkey, onClose }: { passkey: PasskeyInfo; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<FactorCodes>();
  const remove = useRemovePasskey();

  async function submit(codes: FactorCodes) {
    try {
      await remove.mutateAsync({ id: passkey.id, ...codes });
      void message.success(t('logins.passkeys.removed'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  return (
    <Modal
      open
      title={t('logins.passkeys.removeTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <p className="factor-intro">{t('logins.passkeys.removeText')}</p>
      <p className="passkey-remove-name">
        <KeyOutlined /> <bdi>{passkey.name}</bdi>
      </p>
      <Form<FactorCodes> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <ChangeCodes testId="passkey-remove-factor" />
        <Button
          danger
          type="primary"
          htmlType="submit"
          block
          loading={remove.isPending}
          data-testid="passkey-remove-submit"
        >
          {t('logins.passkeys.remove')}
        </Button>
      </Form>
    </Modal>
  );
}

/** /account/setting/passkeys: register passkeys, see when each was used, remove one with the second factor. */
export function PasskeysPage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const { data: passkeys, isPending } = usePasskeys();
  const register = useRegisterPasskey();
  const failed = usePasskeyFailure();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const supported = browserSupportsWebAuthn();
  const full = (passkeys?.length ?? 0) >= PASSKEY_MAX;

  async function add() {
    try {
      await register.mutateAsync(name.trim());
      setName('');
      void message.success(t('logins.passkeys.added'));
    } catch (err) {
      failed(err);
    }
  }

  return (
    <div className="settings-page security-subpage" data-testid="passkeys-page">
      <SecurityPageHead title={t('logins.passkeys.title')} />
      <section className="settings-card security-form-card">
        <h2>
          <KeyOutlined /> {t('logins.passkeys.title')}
        </h2>
        <p className="factor-intro">{t('logins.passkeys.intro', { max: PASSKEY_MAX })}</p>
        {supported ? null : (
          <Alert type="warning" showIcon message={t('logins.passkeys.unsupported')} />
        )}
        <div className="passkey-add">
          <Input
            size="large"
            value={name}
            maxLength={40}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('logins.passkeys.namePlaceholder')}
            aria-label={t('logins.passkeys.name')}
            data-testid="passkey-name"
          />
          <Button
            type="primary"
            size="large"
            icon={<PlusOutlined />}
            disabled={!supported || full}
            loading={register.isPending}
            onClick={() => void add()}
            data-testid="passkey-add"
          >
            {t('logins.passkeys.add')}
          </Button>
        </div>
      </section>
      <section className="settings-card" data-testid="passkey-list">
        {isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : !passkeys || passkeys.length === 0 ? (
          <Empty description={t('logins.passkeys.empty')} />
        ) : (
          <ul className="security-rows passkey-rows">
            {passkeys.map((p) => (
              <li key={p.id} data-testid="passkey-row">
                <span className="factor-icon">
                  <KeyOutlined />
                </span>
                <div className="security-row-text">
                  <strong>
                    <bdi>{p.name}</bdi>
                  </strong>
                  <span>
                    {t('logins.passkeys.created')}{' '}
                    <DateTime value={p.createdAt} format="YYYY-MM-DD HH:mm" />
                  </span>
                  <span data-testid="passkey-last-used">
                    {p.lastUsedAt === null ? (
                      t('logins.passkeys.never')
                    ) : (
                      <>
                        {t('logins.passkeys.lastUsed')}{' '}
                        <DateTime value={p.lastUsedAt} format="YYYY-MM-DD HH:mm" />
                      </>
                    )}
                  </span>
                </div>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => setRemoving(p)}
                  data-testid="passkey-remove"
                >
                  {t('logins.passkeys.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {removing ? <RemoveDialog passkey={removing} onClose={() => setRemoving(null)} /> : null}
    </div>
  );
}
