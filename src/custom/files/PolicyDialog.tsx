import { useRef, useState } from 'react';
import { Button, Flex, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConflictPolicy } from '../../domain/files/rules';
import { translateMessage } from '../../providers/i18n/translate-message';

/**
 * Asks once per batch how taken names are settled (Replace, Keep both, Skip), with the server's
 * message naming them; `ask` resolves to the choice, or null when the dialog is closed. A rename
 * is asked about in its own words: one item, whose old name Skip keeps.
 */
export function usePolicyDialog() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const [rename, setRename] = useState(false);
  const resolver = useRef<(p: ConflictPolicy | null) => void>(() => {});
  const answer = (policy: ConflictPolicy | null) => {
    setMessage(null);
    resolver.current(policy);
  };
  const ask = (text: string, forRename = false) =>
    new Promise<ConflictPolicy | null>((resolve) => {
      resolver.current = resolve;
      setRename(forRename);
      setMessage(text);
    });
  const dialog = (
    <Modal
      open={message !== null}
      title={t(rename ? 'files.conflictTitleRename' : 'files.conflictTitle')}
      onCancel={() => answer(null)}
      footer={
        <Flex wrap gap="small" justify="end">
          <Button onClick={() => answer(null)}>{t('resourceEngine.cancel')}</Button>
          <Button onClick={() => answer('skip')}>{t('files.policies.skip')}</Button>
          <Button onClick={() => answer('replace')}>{t('files.policies.replace')}</Button>
          <Button type="primary" autoFocus onClick={() => answer('keepBoth')}>
            {t('files.policies.keepBoth')}
          </Button>
        </Flex>
      }
    >
      <p>{message && translateMessage(t, message)}</p>
      <p>{t(rename ? 'files.conflictHelpRename' : 'files.conflictHelp')}</p>
    </Modal>
  );
  return { ask, dialog };
}
