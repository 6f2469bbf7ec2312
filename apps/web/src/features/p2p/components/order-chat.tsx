import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessages, useSendMessage } from '../api/p2p';

/** The order's chat: the two parties' lines and a system line at each change of state. */
export function OrderChat({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const messages = useMessages(orderId);
  const send = useSendMessage();
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
          <li key={m.id} className={`p2p-chat-line ${m.from}`}>
            {m.from === 'system' ? t(`p2p.status.${m.text}`) : <bdi>{m.text}</bdi>}
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
        <Button onClick={() => void submit()} loading={send.isPending} data-testid="p2p-chat-send">
          {t('p2p.send')}
        </Button>
      </div>
    </section>
  );
}
