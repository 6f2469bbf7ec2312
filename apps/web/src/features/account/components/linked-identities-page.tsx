import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import type { FactorCodes, LinkedIdentity } from '@quay/core';
import { Button, Empty, Form, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { DateTime } from '../../../ui/date-time';
import { useLinkedIdentities, useProviderName, useUnlinkIdentity } from '../api/third-party';
import { ChangeCodes } from './change-codes';
import { SecurityPageHead } from './security-page-head';
import './settings-page.css';
import './modify-verification.css';
import './account-security.css';
import './logins.css';
import { useApp } from '../../../platform/widgets/app-widgets';

/** Unlinking asks for the account's verification codes. */
function UnlinkDialog({ identity, onClose }: { identity: LinkedIdentity; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const unlink = useUnlinkIdentity();
  const name = useProviderName();

  async function confirm(codes: FactorCodes) {
    try {
      await unlink.mutateAsync({ ...codes, id: identity.id });
      void message.success(t('thirdParty.linked.unlinked'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      title={t('thirdParty.linked.unlinkTitle')}
      destroyOnHidden
    >
      <p className="factor-intro">
        {t('thirdParty.linked.unlinkText', { name: name(identity.provider) })}{' '}
        <bdi>{identity.label}</bdi>
      </p>
      <Form<FactorCodes> layout="vertical" requiredMark={false} onFinish={confirm}>
        <ChangeCodes testId="identity-unlink-factor" />
        <Button
          block
          danger
          type="primary"
          htmlType="submit"
          loading={unlink.isPending}
          data-testid="identity-unlink-submit"
        >
          {t('thirdParty.linked.unlink')}
        </Button>
      </Form>
    </Modal>
  );
}

/** /account/setting/linked: the identities and wallets that sign this account in, each unlinked with the second factor. */
export function LinkedIdentitiesPage() {
  const { t } = useTranslation();
  const { data: identities, isPending } = useLinkedIdentities();
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null);
  const name = useProviderName();

  let body;
  if (isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (!identities?.length) body = <Empty description={t('thirdParty.linked.empty')} />;
  else {
    body = (
      <ul className="security-rows">
        {identities.map((identity) => (
          <li key={identity.id} data-testid="identity-row">
            <span className="factor-icon">
              <LinkOutlined />
            </span>
            <div className="security-row-text">
              <strong>{name(identity.provider)}</strong>
              <span>
                <bdi>{identity.label}</bdi>
              </span>
              <span>
                {t('thirdParty.linked.since')}{' '}
                <DateTime value={identity.createdAt} format="YYYY-MM-DD HH:mm" />
              </span>
            </div>
            <Button
              icon={<DisconnectOutlined />}
              onClick={() => setUnlinking(identity)}
              data-testid="identity-unlink"
            >
              {t('thirdParty.linked.unlink')}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="settings-page security-subpage" data-testid="linked-identities-page">
      <SecurityPageHead title={t('thirdParty.linked.title')} />
      <section className="settings-card">
        <p className="factor-intro">{t('thirdParty.linked.intro')}</p>
        {body}
      </section>
      {unlinking ? <UnlinkDialog identity={unlinking} onClose={() => setUnlinking(null)} /> : null}
    </div>
  );
}
