import { useId } from 'react';
import { Button, Modal, Space, Switch } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { publicFormPage } from '../../domain/forms/api';
import type { FormDetail } from '../../domain/forms/wire';
import { toastError, toastSuccess } from '../../resources/engine/errors';
import { discardUnsavedChanges } from '../../ui/forms/unsaved-changes';
import { useDeleteForm, useFormWrites } from './forms-api';

/** Every answer the form holds: each version's, and those kept as spam (all go with a delete). */
export const storedAnswers = (form: Pick<FormDetail, 'versions' | 'spam'>) =>
  form.versions.reduce((sum, v) => sum + v.submissions, 0) + form.spam;

/**
 * A form's life at its public address (the builder's header): a switch that stops it taking
 * answers or takes them again, and Delete, asked first with how many answers go with it (read
 * again at the click, so one that came in since the page opened is counted). The question is
 * drawn by `holder` inside the app (Modal.useModal), so it follows its theme and language.
 */
export function FormLifecycle({ form, reread }: { form: FormDetail; reread: () => Promise<FormDetail | undefined> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const switchId = useId();
  const [modal, holder] = Modal.useModal();
  const { setAccepting, busy } = useFormWrites();
  const { remove } = useDeleteForm();
  const accepting = form.closedAt === null;

  const toggle = async (next: boolean) => {
    try {
      await setAccepting(form.slug, next);
      toastSuccess(t(next ? 'forms.lifecycle.opened' : 'forms.lifecycle.closed'));
    } catch (error) {
      toastError(t, error);
    }
  };

  const askDelete = async () => {
    const now = (await reread()) ?? form;
    const count = storedAnswers(now);
    modal.confirm({
      title: t('forms.delete.title', { name: now.name }),
      content: (
        <div data-testid="form-delete-question">
          <p>
            {count ? t('forms.delete.answers', { count }) : t('forms.delete.noAnswers')}
            {now.spam ? ` ${t('forms.delete.spam', { count: now.spam })}` : ''}
          </p>
          <p>{t('forms.delete.address', { address: publicFormPage(now.slug) })}</p>
          <p>{t('forms.delete.undo')}</p>
        </div>
      ),
      okText: t('forms.delete.confirm'),
      okButtonProps: { danger: true },
      cancelText: t('resourceEngine.cancel'),
      onOk: async () => {
        try {
          await remove(now.slug, () => {
            // The draft's unsaved work goes with the form: leave without asking about it.
            discardUnsavedChanges();
            void navigate('/form_builder', { replace: true });
          });
          toastSuccess(t('forms.delete.done', { name: now.name }));
        } catch (error) {
          toastError(t, error);
        }
      },
    });
  };

  return (
    <Space wrap size="small">
      <Switch id={switchId} size="small" checked={accepting} loading={busy} onChange={(next) => void toggle(next)} />
      <label htmlFor={switchId}>{t('forms.lifecycle.accepting')}</label>
      <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void askDelete()}>
        {t('forms.delete.button')}
      </Button>
      {holder}
    </Space>
  );
}
