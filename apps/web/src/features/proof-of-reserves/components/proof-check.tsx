import { CheckCircleFilled, CloseCircleFilled, DownloadOutlined } from '@ant-design/icons';
import { verifyProof, type ProofCheck, type ReservesProof } from '@quay/core/earn';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sha256Hex } from '../utils/web-crypto';

const balancesText = (b: Record<string, string>) =>
  Object.entries(b)
    .map(([coin, amount]) => `${amount} ${coin}`)
    .join(', ') || '0';

/** The user's leaf and path, verified in the browser step by step; the proof as a file. */
export function ProofCheckPanel({ proof }: { proof: ReservesProof }) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<ProofCheck | null>(null);
  const [busy, setBusy] = useState(false);

  const verify = async () => {
    setBusy(true);
    try {
      setCheck(await verifyProof(sha256Hex, proof));
    } finally {
      setBusy(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = `proof-of-reserves-${proof.snapshotId}.json`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="por-proof" data-testid="por-proof">
      <dl className="por-figures">
        <div>
          <dt>{t('reserves.uid')}</dt>
          <dd>
            <bdi dir="ltr">{proof.uid}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('reserves.nonce')}</dt>
          <dd>
            <bdi dir="ltr" className="por-hash">
              {proof.nonce}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t('reserves.myBalances')}</dt>
          <dd>
            <bdi dir="ltr" data-testid="por-balances">
              {balancesText(proof.balances)}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t('reserves.leaf')}</dt>
          <dd>
            <bdi dir="ltr" className="por-hash">
              {proof.leaf}
            </bdi>
          </dd>
        </div>
      </dl>
      <div className="por-actions">
        <Button
          type="primary"
          loading={busy}
          onClick={() => void verify()}
          data-testid="por-verify"
        >
          {t('reserves.verify')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download} data-testid="por-download">
          {t('reserves.download')}
        </Button>
      </div>
      {check ? (
        <div data-testid="por-result">
          <ol className="por-steps">
            <li>
              <span className="por-step-title">{t('reserves.stepLeaf')}</span>
              <bdi dir="ltr" className="por-hash">
                SHA-256({proof.uid} + {proof.nonce} + {JSON.stringify(proof.balances)}) →{' '}
                {check.leaf}
              </bdi>
              {check.leafMatches ? (
                <CheckCircleFilled className="por-ok" />
              ) : (
                <CloseCircleFilled className="por-bad" />
              )}
            </li>
            {check.steps.map((step) => (
              <li key={step.level} data-testid="por-step">
                <span className="por-step-title">
                  {t('reserves.stepLevel', { level: step.level })}
                </span>
                <bdi dir="ltr" className="por-hash">
                  SHA-256({step.left} + {step.right} + {JSON.stringify(step.balances)} +{' '}
                  {step.level}) → {step.hash}
                </bdi>
              </li>
            ))}
          </ol>
          <Alert
            showIcon
            type={check.valid ? 'success' : 'error'}
            data-testid={check.valid ? 'por-valid' : 'por-invalid'}
            message={check.valid ? t('reserves.valid') : t('reserves.invalid')}
            description={
              <bdi dir="ltr" className="por-hash">
                {check.root} {check.root === proof.root ? '=' : '≠'} {proof.root}
              </bdi>
            }
          />
        </div>
      ) : null}
    </div>
  );
}
