import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Tag, Timeline } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { WS_STATUS_MOVES, statusMoveSchema, type StatusMove, type WsStatus } from '../../domain/ws-templates/status';
import type { WsTemplateAnswer } from '../../domain/ws-templates/wire';
import { FormError } from '../../ui/forms/FormError';
import { useFocusOnOpen } from '../../ui/forms/use-focus-on-open';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { useClock } from '../../ui/venue/use-clock';

export const STATUS_COLOR: Record<WsStatus, string> = {
  draft: 'default',
  submitted: 'blue',
  approved: 'green',
  rejected: 'red',
};

type Move = Exclude<WsStatus, 'draft'>;

/**
 * The template's status, the moves it allows (each with an optional note) and its history. It says
 * plainly that nothing is sent to WhatsApp: the statuses are kept here (product brief section 3).
 * A move records the template as saved (it sends no content): while the form above holds changes
 * not saved (`unsaved`), the moves wait, and the panel says why. Marking a draft submitted with
 * typed changes locked the stored copy while the locked form went on showing the typed text.
 */
export function StatusPanel({
  template,
  unsaved = false,
  onMove,
}: {
  template: WsTemplateAnswer;
  unsaved?: boolean;
  onMove: (move: StatusMove) => Promise<void>;
}) {
  const { t } = useTranslation();
  const clock = useClock();
  const [moving, setMoving] = useState<Move | null>(null);
  const save = useSaveForm<typeof statusMoveSchema, { note: string }>({
    open: moving !== null,
    schema: statusMoveSchema,
    toInput: (values) => ({ status: moving, note: values.note ?? '' }),
    initialValues: { note: '' },
    save: (data) => onMove(data),
    success: (data) => t(`wsTemplates.moved.${data.status}`),
    onSaved: () => close(),
  });
  const close = () => {
    save.reset();
    setMoving(null);
  };
  // The note has the focus as a move's dialog opens; Enter in it starts a new line (it is multi-line).
  const noteField = useFocusOnOpen<TextAreaRef>(moving !== null);
  const moves = WS_STATUS_MOVES[template.status] as Move[];

  return (
    <section className="ws-status" aria-labelledby="ws-status-title">
      <h2 id="ws-status-title" className="ws-status-title">
        {t('wsTemplates.status.title')}{' '}
        <Tag color={STATUS_COLOR[template.status]} data-testid="ws-status">
          {t(`wsTemplates.statuses.${template.status}`)}
        </Tag>
      </h2>
      <Alert type="info" showIcon message={t('wsTemplates.status.nothingSent')} className="ws-status-alert" />
      {moves.length > 0 && unsaved && (
        <Alert type="warning" showIcon message={t('wsTemplates.status.saveFirst')} className="ws-status-alert" />
      )}
      {moves.length > 0 && (
        <Space wrap className="ws-status-actions">
          {moves.map((to) => (
            <Button
              key={to}
              type={to === 'submitted' ? 'primary' : 'default'}
              disabled={unsaved}
              onClick={() => setMoving(to)}
            >
              {t(`wsTemplates.actions.${to}`)}
            </Button>
          ))}
        </Space>
      )}
      <h3 className="ws-history-title">{t('wsTemplates.status.history')}</h3>
      <Timeline
        items={[...template.history].reverse().map((entry, i) => ({
          key: i,
          color: STATUS_COLOR[entry.toStatus] === 'default' ? 'gray' : STATUS_COLOR[entry.toStatus],
          children: (
            <div className="ws-history-entry">
              <div>
                {entry.fromStatus
                  ? t('wsTemplates.status.moved', {
                      from: t(`wsTemplates.statuses.${entry.fromStatus}`),
                      to: t(`wsTemplates.statuses.${entry.toStatus}`),
                    })
                  : t('wsTemplates.status.created')}
              </div>
              <div className="ws-muted">
                {t('wsTemplates.status.byAt', {
                  by: entry.by ?? t('wsTemplates.status.someone'),
                  at: clock.dateTime(entry.at),
                })}
              </div>
              {entry.note && <div className="ws-history-note">{entry.note}</div>}
            </div>
          ),
        }))}
      />
      <Modal
        open={moving !== null}
        title={moving ? t(`wsTemplates.actions.${moving}`) : ''}
        okText={moving ? t(`wsTemplates.actions.${moving}`) : ''}
        cancelText={t('resourceEngine.cancel')}
        onOk={() => void save.submit()}
        onCancel={() => save.closeAsking(close)}
        confirmLoading={save.saving}
        destroyOnHidden
      >
        <p>{moving && t(`wsTemplates.status.explain.${moving}`)}</p>
        <FormError message={save.formError} />
        <Form {...save.formProps} component="div">
          <Form.Item name="note" label={t('wsTemplates.fields.note')} htmlFor="ws-note" rules={save.rules('note')}>
            <Input.TextArea ref={noteField} id="ws-note" autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
