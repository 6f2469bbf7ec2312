import { useTranslation } from 'react-i18next';
import { safeText } from '../../../platform/links/link-safety';
import { RichText } from '../../../platform/rich-text/rich-text';
import { DateTime } from '../../../ui/date-time';

/**
 * A page the operator writes (legal text, help article): its title, when it
 * last changed (the software's defaults have no date) and its sanitised body.
 * `dir="auto"` keeps a text the operator wrote in one language only in its
 * own direction on a page of the other.
 */
export function OperatorText({
  title,
  bodyHtml,
  updatedAt,
  testId,
  ownDirection = false,
}: {
  title: string;
  bodyHtml: string;
  updatedAt: number | null;
  testId: string;
  ownDirection?: boolean;
}) {
  const { t } = useTranslation();
  const dir = ownDirection ? 'auto' : undefined;
  return (
    <>
      <h1 data-testid={`${testId}-title`} dir={dir}>
        {safeText(title)}
      </h1>
      {updatedAt !== null ? (
        <p className="page-updated">
          {t('pages.updated')} <DateTime value={updatedAt} format="YYYY-MM-DD" />
        </p>
      ) : null}
      <div dir={dir}>
        <RichText html={bodyHtml} testId={`${testId}-body`} />
      </div>
    </>
  );
}
