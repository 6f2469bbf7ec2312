import { P2P_IMAGE_MAX_BYTES, P2P_IMAGE_TYPES } from '@quay/core/p2p';
import { Button } from 'antd';
import { AppImage } from '../../../platform/widgets/app-image';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderFile } from '../api/p2p';
import { useApp } from '../../../platform/widgets/app-widgets';

/** A file's bytes as base64 (without the data URL's head). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/**
 * A button that picks one PNG, JPEG or WebP image within the size limit and
 * hands over its bytes in base64; the server reads the type from the bytes again.
 */
export function ImagePicker(props: {
  onPick: (data: string) => Promise<unknown>;
  loading?: boolean;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const input = useRef<HTMLInputElement>(null);
  const picked = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (
      !(P2P_IMAGE_TYPES as readonly string[]).includes(file.type) ||
      file.size > P2P_IMAGE_MAX_BYTES
    ) {
      void message.error(t('p2p.imageRule', { max: P2P_IMAGE_MAX_BYTES / 1024 }));
      return;
    }
    await props.onPick(await base64Of(file));
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={P2P_IMAGE_TYPES.join(',')}
        data-testid={`${props.testId}-file`}
        onChange={(e) => void picked(e.target.files?.[0])}
      />
      <Button
        loading={props.loading}
        onClick={() => input.current?.click()}
        data-testid={props.testId}
      >
        {props.children}
      </Button>
    </>
  );
}

/** An image of the order, read once; antd's preview shows it whole. */
export function OrderImage(props: { orderId: string; fileId: string; alt: string }) {
  const url = useOrderFile(props.orderId, props.fileId);
  if (!url.data) return <span className="p2p-image-pending" aria-busy="true" />;
  return (
    <AppImage
      src={url.data}
      alt={props.alt}
      rootClassName="p2p-image"
      data-testid="p2p-image"
      width={160}
    />
  );
}
