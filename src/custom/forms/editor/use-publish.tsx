import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { breakingChanges, type BreakingChange } from '../../../domain/forms/breaking';
import type { FormField } from '../../../domain/forms/definition';

/**
 * Publishing, asked first when the new version breaks answers already collected (the same
 * detector the server refuses with: src/domain/forms/breaking.ts). Resolves to whether it was
 * sent; a refusal rejects for the caller to show. The question is drawn by `holder` inside the app
 * (Modal.useModal, as UnsavedQuestion does), so it follows the app's theme, language and motion
 * setting; antd's static Modal.confirm drew outside them (a light dialog in dark mode).
 */
export function usePublish(publish: (confirmBreaking: boolean) => Promise<unknown>) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const line = (c: BreakingChange) =>
    c.kind === 'removed'
      ? t('forms.breaking.removed', { label: c.label })
      : c.kind === 'retyped'
        ? t('forms.breaking.retyped', {
            label: c.label,
            from: t(`forms.types.${c.from}`),
            to: t(`forms.types.${c.to}`),
          })
        : t('forms.breaking.optionRemoved', { label: c.label, option: c.option });

  const ask = (published: readonly FormField[], draft: readonly FormField[]) =>
    new Promise<boolean>((resolve, reject) => {
      const changes = breakingChanges(published, draft);
      const send = (confirm: boolean) => publish(confirm).then(() => resolve(true), reject);
      if (!changes.length) return void send(false);
      modal.confirm({
        title: t('forms.breaking.title'),
        content: (
          <>
            <p>{t('forms.breaking.intro')}</p>
            <ul className="forms-breaking-list">
              {changes.map((c) => (
                <li key={`${c.key}-${c.kind}-${'option' in c ? c.option : ''}`}>{line(c)}</li>
              ))}
            </ul>
          </>
        ),
        okText: t('forms.breaking.publish'),
        cancelText: t('resourceEngine.cancel'),
        onOk: () => send(true),
        onCancel: () => resolve(false),
      });
    });
  return { ask, holder };
}
