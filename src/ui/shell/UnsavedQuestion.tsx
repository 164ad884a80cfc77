import { useEffect } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UnsavedScope } from '../forms/unsaved-changes';

/**
 * The unsaved-changes guard's question, in a chunk of its own: antd's Modal and its styles
 * (~9 KB gzip) load the first time work would be lost, not with every signed-in page
 * (docs/architecture.md, "Unsaved changes"). Mounted once per question; it asks on mount.
 */
export default function UnsavedQuestion({
  scope,
  onLeave,
  onStay,
}: {
  /** Leaving the page, or closing a dialog over it. */
  scope: UnsavedScope;
  onLeave: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    const words = scope === 'dialog' ? 'unsavedChanges.dialog' : 'unsavedChanges';
    const question = modal.confirm({
      title: t(`${words}.title`),
      content: t(`${words}.content`),
      okText: t(`${words}.leave`),
      cancelText: t(`${words}.stay`),
      okButtonProps: { danger: true },
      // Enter or a quick second click keeps the work: leaving is the choice to make on purpose.
      autoFocusButton: 'cancel',
      onOk: onLeave,
      onCancel: onStay,
    });
    return () => question.destroy();
    // One question per mount: the guard mounts a new one (a new key) for each.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modal]);
  return holder;
}
