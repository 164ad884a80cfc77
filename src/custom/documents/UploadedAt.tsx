import { useTranslation } from 'react-i18next';
import type { Clock } from '../../ui/format';
import { MomentCell } from '../../ui/tables/MomentCell';

/**
 * A document's upload moment in the list, on the business's clock, with its place in upload order
 * ("(2)") when another document of its name was uploaded the same minute: the number its
 * citations in Ask all documents carry (sameNameOrder, docs/document-chat.md), so a person can
 * tell the two apart and match a citation to its row.
 */
export function UploadedAt({ value, clock, place }: { value: string; clock: Clock; place: number | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <MomentCell value={value} clock={clock} />
      {place !== undefined && (
        <>
          {' '}
          <span className="documents-upload-place" title={t('documents.uploadPlaceHint', { n: place })}>
            {t('documents.uploadPlace', { n: place })}
          </span>
        </>
      )}
    </>
  );
}
