import { Form, Modal, Segmented, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EmailDesign } from '../../domain/email-templates/blocks';
import { designToMjml } from '../../domain/email-templates/blocks-mjml';
import { starterDesign } from '../../domain/email-templates/blocks-new';
import type { EmailTemplateInput } from '../../domain/email-templates/rules';
import { starterWordsOf } from './starter-words';

type Mode = 'visual' | 'source';

/**
 * The template's mode: Visual (its blocks are the form's `blocks`) or MJML source (`blocks`
 * null). To the source, the blocks' MJML is kept and the blocks are dropped: MJML edited by hand
 * cannot be turned back into blocks, so this asks first. To the visual mode, the template starts
 * again from the starter design, which replaces its source once saved: asked first too.
 */
export function EditorMode({ form, onSwitched }: { form: FormInstance<EmailTemplateInput>; onSwitched: () => void }) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const blocks: EmailDesign | null | undefined = Form.useWatch('blocks', { form, preserve: true });
  const mode: Mode = blocks ? 'visual' : 'source';

  const switchTo = (next: Mode) => {
    if (next === mode) return;
    const words = next === 'source' ? 'emailTemplates.mode.toSource' : 'emailTemplates.mode.toVisual';
    void modal.confirm({
      title: t(`${words}.title`),
      content: t(`${words}.content`),
      okText: t(`${words}.ok`),
      cancelText: t('emailTemplates.mode.cancel'),
      autoFocusButton: 'cancel',
      onOk: () => {
        // setFieldsValue does not call the form's onValuesChange: the change is marked unsaved here.
        if (next === 'source' && blocks) form.setFieldsValue({ mjml: designToMjml(blocks), blocks: null });
        else form.setFieldsValue({ blocks: starterDesign(starterWordsOf(t)) });
        onSwitched();
      },
    });
  };

  return (
    <div className="et-mode">
      <span className="et-muted">{t('emailTemplates.mode.label')}</span>
      <Segmented<Mode>
        aria-label={t('emailTemplates.mode.label')}
        value={mode}
        onChange={switchTo}
        options={[
          { value: 'visual', label: t('emailTemplates.mode.visual') },
          { value: 'source', label: t('emailTemplates.mode.source') },
        ]}
      />
      {holder}
    </div>
  );
}
