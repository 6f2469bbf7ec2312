import type { VerifyCodeService } from '../accounts';
import type { ContentService } from './content-service';

/** What the content module uses of the app's services. */
export interface ContentServices {
  content: ContentService;
  verifyCodes: VerifyCodeService;
}
