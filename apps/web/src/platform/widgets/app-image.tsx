import { Image, type ImageProps } from 'antd';
import { IMAGE_VIEWER_ZOOM_STEP } from './widget-defaults';

/**
 * An image that opens antd's preview on click, zooming in steps of 0.2
 * (spec section 9's image viewer); a preview config of the caller's keeps
 * everything it sets.
 */
export function AppImage({ preview, ...props }: ImageProps) {
  return (
    <Image
      {...props}
      preview={
        preview === false
          ? false
          : { scaleStep: IMAGE_VIEWER_ZOOM_STEP, ...(typeof preview === 'object' ? preview : {}) }
      }
    />
  );
}
