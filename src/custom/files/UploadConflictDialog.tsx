import { useRef, useState } from 'react';
import { Button, Checkbox, Flex, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** What to do with one upload whose name is taken in its folder; `cancel` leaves the file out. */
export type UploadChoice = 'keepBoth' | 'replace' | 'cancel';

export interface TakenName {
  name: string;
  /** A folder has that name: a file cannot take its place, so Replace is not offered. */
  folder: boolean;
  /** How many more files of the same upload have taken names (the "do the same" box). */
  more: number;
}

/**
 * Asks, before an upload sends its bytes, what to do with a file whose name is taken (Keep
 * both, Replace, Cancel), one file at a time; "do the same" answers the rest of the upload's
 * taken names at once. `ask` resolves to the choice and whether it applies to the rest.
 */
export function useUploadConflictDialog() {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<TakenName | null>(null);
  const [all, setAll] = useState(false);
  const resolver = useRef<(answer: { choice: UploadChoice; all: boolean }) => void>(() => {});
  const answer = (choice: UploadChoice) => {
    setAsked(null);
    resolver.current({ choice, all });
  };
  const ask = (taken: TakenName) =>
    new Promise<{ choice: UploadChoice; all: boolean }>((resolve) => {
      resolver.current = resolve;
      setAll(false);
      setAsked(taken);
    });
  const dialog = (
    <Modal
      open={asked !== null}
      title={
        asked &&
        t(asked.folder ? 'files.uploadConflict.titleFolder' : 'files.uploadConflict.title', { name: asked.name })
      }
      onCancel={() => answer('cancel')}
      footer={
        <Flex wrap gap="small" justify="end">
          <Button onClick={() => answer('cancel')}>{t('resourceEngine.cancel')}</Button>
          {!asked?.folder && <Button onClick={() => answer('replace')}>{t('files.policies.replace')}</Button>}
          <Button type="primary" autoFocus onClick={() => answer('keepBoth')}>
            {t('files.policies.keepBoth')}
          </Button>
        </Flex>
      }
    >
      <p>{t(asked?.folder ? 'files.uploadConflict.bodyFolder' : 'files.uploadConflict.body')}</p>
      {asked && asked.more > 0 && (
        <Checkbox checked={all} onChange={(e) => setAll(e.target.checked)}>
          {t('files.uploadConflict.applyAll', { count: asked.more })}
        </Checkbox>
      )}
    </Modal>
  );
  return { ask, dialog };
}
