import { Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { DateTime } from '../../../ui/date-time';
import { PAGE_SIZE, useReceivedPackets, useSentPackets } from '../api/red-packets';
import { plainAmount } from '../utils/amount';

const when = (ms: number) => <DateTime value={ms} />;

/** My sent and received packets, each a paged table read from the server. */
export function PacketLists() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [sentPage, setSentPage] = useState(1);
  const [receivedPage, setReceivedPage] = useState(1);
  const sent = useSentPackets(sentPage, true);
  const received = useReceivedPackets(receivedPage, true);
  const codeLink = (code: string) => (
    <Link to={localePath(`/red-packet/claim/${code}`)}>{code}</Link>
  );
  return (
    <section className="rp-card rp-lists">
      <Tabs
        items={[
          {
            key: 'sent',
            label: t('redPacket.sent'),
            children: (
              <Table
                rowKey="code"
                size="small"
                data-testid="rp-sent"
                dataSource={sent.data?.items ?? []}
                loading={sent.isPending}
                scroll={{ x: true }}
                pagination={{
                  current: sentPage,
                  pageSize: PAGE_SIZE,
                  total: sent.data?.total ?? 0,
                  onChange: setSentPage,
                }}
                columns={[
                  { title: t('redPacket.code'), dataIndex: 'code', render: codeLink },
                  {
                    title: t('redPacket.total'),
                    render: (_, r) => `${plainAmount(r.amount)} ${r.coin}`,
                  },
                  {
                    title: t('redPacket.claimed'),
                    render: (_, r) => `${r.claimedCount} / ${r.count}`,
                  },
                  {
                    title: t('redPacket.remaining'),
                    render: (_, r) => `${plainAmount(r.remaining)} ${r.coin}`,
                  },
                  {
                    title: t('redPacket.status'),
                    dataIndex: 'status',
                    render: (s: string) => t(`redPacket.statuses.${s}`),
                  },
                  { title: t('redPacket.time'), dataIndex: 'createdAt', render: when },
                ]}
              />
            ),
          },
          {
            key: 'received',
            label: t('redPacket.received'),
            children: (
              <Table
                rowKey="code"
                size="small"
                data-testid="rp-received"
                dataSource={received.data?.items ?? []}
                loading={received.isPending}
                scroll={{ x: true }}
                pagination={{
                  current: receivedPage,
                  pageSize: PAGE_SIZE,
                  total: received.data?.total ?? 0,
                  onChange: setReceivedPage,
                }}
                columns={[
                  { title: t('redPacket.code'), dataIndex: 'code', render: codeLink },
                  {
                    title: t('redPacket.share'),
                    render: (_, r) => `${plainAmount(r.amount)} ${r.coin}`,
                  },
                  { title: t('redPacket.greeting'), dataIndex: 'greeting' },
                  { title: t('redPacket.time'), dataIndex: 'claimedAt', render: when },
                ]}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
