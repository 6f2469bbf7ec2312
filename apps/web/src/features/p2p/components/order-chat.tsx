import { Button, Input } from 'antd';
import { ApiError } from '../../../platform/request/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessages, useSendImage, useSendMessage } from '../api/p2p';
import { ImagePicker, OrderImage } from './image-picker';
import { useApp } from '../../../platform/widgets/app-widgets';

/**
 * The order's chat: the two parties' lines (text or an image) and a system
 * line at each change of state; new lines arrive over the socket
 * (useOrderPushes on the order page).
 */
export function OrderChat({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const messages = useMessages(orderId);
  const send = useSendMessage();
  const sendImage = useSendImage();
  const [text, setText] = useState('');
  const submit = async () => {
    if (!text.trim()) return;
    await send.mutateAsync({ orderId, text }).catch(() => undefined);
    setText('');
  };
  return (
    <section className="p2p-chat" aria-label={t('p2p.chat')}>
      <h2>{t('p2p.chat')}</h2>
      <ol className="p2p-chat-lines" data-testid="p2p-chat">
        {(messages.data ?? []).map((m) => (
          <li key={m.id} className={`p2p-chat-line ${m.from}`} data-testid={`p2p-chat-${m.from}`}>
            {m.from === 'system' ? (
              t(`p2p.status.${m.text}`)
            ) : m.imageId ? (
              <OrderImage orderId={orderId} fileId={m.imageId} alt={t('p2p.chatImage')} />
            ) : (
              <bdi>{m.text}</bdi>
            )}
          </li>
        ))}
      </ol>
      <div className="p2p-chat-input">
        <Input
          value={text}
          maxLength={500}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => void submit()}
          placeholder={t('p2p.chatPlaceholder')}
          data-testid="p2p-chat-input"
        />
        <ImagePicker
          testId="p2p-chat-image"
          loading={sendImage.isPending}
          onPick={(data) =>
            sendImage.mutateAsync({ orderId, data }).catch((err: unknown) => {
              if (err instanceof ApiError) void message.error(err.msg);
            })
          }
        >
          {t('p2p.attachImage')}
        </ImagePicker>
        <Button onClick={() => void submit()} loading={send.isPending} data-testid="p2p-chat-send">
          {t('p2p.send')}
        </Button>
      </div>
    </section>
  );
}
