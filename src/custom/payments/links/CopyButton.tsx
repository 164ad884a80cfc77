import { useCallback } from 'react';
import { Button } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../providers/notification/toast-bus';

/**
 * Copies a public pay URL and says so; falls back to selecting it in a prompt where the clipboard
 * is refused. The button below and a phone row's actions menu copy alike.
 */
export function useCopyLink() {
  const { t } = useTranslation();
  return useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        showToast({ kind: 'message', type: 'success', content: t('payments.links.copied'), key: 'link-copied' });
      } catch {
        window.prompt(t('payments.links.copyPrompt'), text);
      }
    },
    [t],
  );
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const copy = useCopyLink();
  return (
    <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(text)} aria-label={label}>
      {t('payments.links.copy')}
    </Button>
  );
}
