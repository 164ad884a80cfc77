import { Button } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../providers/notification/toast-bus';

/** Copies one record's host or value; where the clipboard is refused the browser's prompt shows it to copy by hand. */
export function CopyValue({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ kind: 'message', type: 'success', content: t('domains.copied'), key: 'domain-copied' });
    } catch {
      window.prompt(t('domains.copyPrompt'), text);
    }
  };
  return (
    <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => void copy()} aria-label={label}>
      {t('domains.copy')}
    </Button>
  );
}
