import { type FuturesPosition, type PerpMarketInfo } from '@quay/core';
import { Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { cleanNumericInput } from '../../../platform/numbers/numeric-input';
import { useAdjustMargin, useClosePosition } from '../api/futures';
import { useRunWithFeedback } from '../hooks/use-run-with-feedback';

/** A limit close being written: the position, the price (the mark at first) and the quantity (all of it). */
export interface LimitCloseDraft {
  p: FuturesPosition;
  price: string;
  quantity: string;
}

/** A margin change being written for an isolated position. */
export interface MarginDraft {
  p: FuturesPosition;
  type: 'add' | 'reduce';
  amount: string;
}

/** Closes a position (or part of it) with a limit order; open while there is a draft. */
export function LimitCloseDialog({
  draft,
  onChange,
  onClose,
  marketOf,
}: {
  draft: LimitCloseDraft | null;
  onChange: (draft: LimitCloseDraft) => void;
  onClose: () => void;
  marketOf: (symbol: string) => PerpMarketInfo;
}) {
  const { t } = useTranslation();
  const run = useRunWithFeedback();
  const close = useClosePosition();
  return (
    <Modal
      open={!!draft}
      title={t('futures.closeAtLimit')}
      onCancel={onClose}
      okText={t('futures.confirm')}
      cancelText={t('futures.cancel')}
      confirmLoading={close.isPending}
      onOk={() => {
        if (!draft) return;
        const { p, price, quantity } = draft;
        void run(
          () =>
            close.mutateAsync({
              symbol: p.symbol,
              positionSide: p.side,
              type: 'limit',
              price,
              quantity,
            }),
          t('futures.orderPlaced'),
        ).then((ok) => ok && onClose());
      }}
    >
      {draft ? (
        <div className="futures-dialog-fields">
          <Input
            dir="ltr"
            addonBefore={t('futures.price')}
            value={draft.price}
            onChange={(e) =>
              onChange({
                ...draft,
                price: cleanNumericInput(e.target.value, marketOf(draft.p.symbol).pricePrecision),
              })
            }
            data-testid="close-limit-price"
          />
          <Input
            dir="ltr"
            addonBefore={t('futures.quantity')}
            value={draft.quantity}
            onChange={(e) =>
              onChange({
                ...draft,
                quantity: cleanNumericInput(
                  e.target.value,
                  marketOf(draft.p.symbol).quantityPrecision,
                ),
              })
            }
            data-testid="close-limit-quantity"
          />
        </div>
      ) : null}
    </Modal>
  );
}

/** Adds margin to an isolated position or takes some out; open while there is a draft. */
export function MarginDialog({
  draft,
  onChange,
  onClose,
  marketOf,
}: {
  draft: MarginDraft | null;
  onChange: (draft: MarginDraft) => void;
  onClose: () => void;
  marketOf: (symbol: string) => PerpMarketInfo;
}) {
  const { t } = useTranslation();
  const run = useRunWithFeedback();
  const adjust = useAdjustMargin();
  return (
    <Modal
      open={!!draft}
      title={t('futures.adjustMargin')}
      onCancel={onClose}
      okText={t('futures.confirm')}
      cancelText={t('futures.cancel')}
      confirmLoading={adjust.isPending}
      onOk={() => {
        if (!draft) return;
        const { p, type, amount } = draft;
        void run(
          () => adjust.mutateAsync({ symbol: p.symbol, positionSide: p.side, type, amount }),
          t('futures.marginAdjusted'),
        ).then((ok) => ok && onClose());
      }}
    >
      {draft ? (
        <div className="futures-dialog-fields">
          <Radio.Group
            value={draft.type}
            onChange={(e) => onChange({ ...draft, type: e.target.value as 'add' | 'reduce' })}
          >
            <Radio.Button value="add">{t('futures.addMargin')}</Radio.Button>
            <Radio.Button value="reduce" data-testid="margin-reduce">
              {t('futures.reduceMargin')}
            </Radio.Button>
          </Radio.Group>
          <Input
            dir="ltr"
            addonBefore={t('futures.amount')}
            suffix={marketOf(draft.p.symbol).quote}
            value={draft.amount}
            onChange={(e) => onChange({ ...draft, amount: cleanNumericInput(e.target.value, 2) })}
            data-testid="margin-amount"
          />
        </div>
      ) : null}
    </Modal>
  );
}
