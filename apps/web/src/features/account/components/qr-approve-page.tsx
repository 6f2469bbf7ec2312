import { CheckCircleOutlined, CloseCircleOutlined, QrcodeOutlined } from '@ant-design/icons';
import { describeUserAgent, type QrLoginRequest } from '@quay/core';
import { Button, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { ButtonLink } from '../../../ui/button-link';
import { DateTime } from '../../../ui/date-time';
import { scanQrKey, useAnswerQrKey } from '../api/qr-login';
import './settings-page.css';
import './account-security.css';
import './logins.css';
import { useApp } from '../../../platform/widgets/app-widgets';

type Stage =
  | { kind: 'loading' }
  | { kind: 'ask'; request: QrLoginRequest }
  | { kind: 'approved' }
  | { kind: 'refused' }
  | { kind: 'failed'; reason: string };

/**
 * /account/qr-login?qrcodeKey=…: the screen a QR login code links to. The
 * logged-in user sees which device asks to log in and approves or refuses.
 */
export function QrApprovePage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const qrcodeKey = params.get('qrcodeKey') ?? '';
  const answer = useAnswerQrKey();
  const [found, setStage] = useState<Stage>({ kind: 'loading' });
  const stage: Stage = qrcodeKey ? found : { kind: 'failed', reason: t('logins.approve.missing') };

  useEffect(() => {
    if (!qrcodeKey) return;
    let live = true;
    scanQrKey(qrcodeKey).then(
      (request) => live && setStage({ kind: 'ask', request }),
      (err: unknown) =>
        live &&
        setStage({
          kind: 'failed',
          reason: err instanceof ApiError ? err.msg : t('logins.approve.failed'),
        }),
    );
    return () => {
      live = false;
    };
  }, [qrcodeKey, t]);

  async function decide(approve: boolean) {
    try {
      await answer.mutateAsync({ qrcodeKey, approve });
      setStage({ kind: approve ? 'approved' : 'refused' });
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  const back = (
    <ButtonLink to={localePath('/account/setting')} data-testid="qr-approve-back">
      {t('auth2fa.backToSettings')}
    </ButtonLink>
  );

  return (
    <div className="settings-page security-subpage" data-testid="qr-approve-page">
      <section className="settings-card qr-approve" data-stage={stage.kind}>
        {stage.kind === 'loading' ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
        {stage.kind === 'ask' ? (
          <>
            <h1>
              <QrcodeOutlined /> {t('logins.approve.title')}
            </h1>
            <p className="factor-intro">{t('logins.approve.intro')}</p>
            <dl className="qr-approve-facts">
              <dt>{t('logins.approve.device')}</dt>
              <dd data-testid="qr-approve-device">
                <bdi dir="ltr">
                  {describeUserAgent(stage.request.userAgent) ??
                    t('accountSecurity.devices.unknownDevice')}
                </bdi>
              </dd>
              <dt>{t('logins.approve.ip')}</dt>
              <dd>
                <bdi dir="ltr">{stage.request.ip ?? '--'}</bdi>
              </dd>
              <dt>{t('logins.approve.time')}</dt>
              <dd>
                <DateTime value={stage.request.createdAt} format="YYYY-MM-DD HH:mm:ss" />
              </dd>
            </dl>
            <div className="qr-approve-actions">
              <Button
                size="large"
                onClick={() => void decide(false)}
                disabled={answer.isPending}
                data-testid="qr-approve-cancel"
              >
                {t('logins.approve.cancel')}
              </Button>
              <Button
                type="primary"
                size="large"
                onClick={() => void decide(true)}
                loading={answer.isPending}
                data-testid="qr-approve-confirm"
              >
                {t('logins.approve.confirm')}
              </Button>
            </div>
          </>
        ) : null}
        {stage.kind === 'approved' ? (
          <Result
            status="success"
            icon={<CheckCircleOutlined />}
            title={t('logins.approve.approved')}
            extra={back}
          />
        ) : null}
        {stage.kind === 'refused' ? (
          <Result
            status="info"
            icon={<CloseCircleOutlined />}
            title={t('logins.approve.refused')}
            extra={back}
          />
        ) : null}
        {stage.kind === 'failed' ? (
          <Result
            status="warning"
            title={t('logins.approve.failed')}
            subTitle={<span data-testid="qr-approve-error">{stage.reason}</span>}
            extra={back}
          />
        ) : null}
      </section>
    </div>
  );
}
