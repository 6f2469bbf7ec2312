import type { AssetRecordStatus, OrderCancelReason, OrderSide, SpotOrderStatus } from '@quay/core';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function SideText({ side }: { side: OrderSide }) {
  const { t } = useTranslation();
  return (
    <span className={side === 'buy' ? 'record-buy' : 'record-sell'}>
      {t(`record.sides.${side}`)}
    </span>
  );
}

const ORDER_STATUS_COLOR: Record<SpotOrderStatus, string> = {
  NEW: 'processing',
  PARTIALLY_FILLED: 'processing',
  FILLED: 'success',
  CANCELED: 'default',
  PARTIALLY_CANCELED: 'warning',
};

/** An order's status, and why the exchange cancelled its rest when it did. */
export function OrderStatusTag({
  status,
  reason = null,
}: {
  status: SpotOrderStatus;
  reason?: OrderCancelReason | null;
}) {
  const { t } = useTranslation();
  return (
    <Tag bordered={false} color={ORDER_STATUS_COLOR[status]}>
      {t(`record.orderStatus.${status}`)}
      {reason ? ` · ${t(`record.cancelReason.${reason}`)}` : null}
    </Tag>
  );
}

const RECORD_STATUS_COLOR: Record<AssetRecordStatus, string> = {
  pending: 'warning',
  completed: 'success',
  rejected: 'error',
  canceled: 'default',
};

export function RecordStatusTag({ status }: { status: AssetRecordStatus }) {
  const { t } = useTranslation();
  return (
    <Tag bordered={false} color={RECORD_STATUS_COLOR[status]} data-testid={`status-${status}`}>
      {t(`record.recordStatus.${status}`)}
    </Tag>
  );
}
