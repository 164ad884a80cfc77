import {
  ExportOutlined,
  FileTextOutlined,
  PhoneOutlined,
  PictureOutlined,
  RollbackOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WsButton, WsTemplate } from '../../domain/ws-templates/rules';
import { fillExamples } from '../../domain/ws-templates/variables';
import { Markup } from './Markup';

const MEDIA_ICON = { image: PictureOutlined, video: VideoCameraOutlined, document: FileTextOutlined } as const;
const BUTTON_ICON = { quick_reply: RollbackOutlined, url: ExportOutlined, phone_number: PhoneOutlined } as const;

/**
 * The template as a phone shows it in WhatsApp: a chat with one message bubble (header, body and
 * footer with the examples filled in and the markup drawn) and its buttons under the bubble.
 */
export function PhonePreview({ template, sender }: { template: Partial<WsTemplate>; sender: string }) {
  const { t } = useTranslation();
  const format = template.headerFormat ?? 'none';
  const body = fillExamples(template.body ?? '', template.bodyExamples ?? []);
  const buttons = (template.buttons ?? []).filter(Boolean) as WsButton[];
  const Media = format === 'image' || format === 'video' || format === 'document' ? MEDIA_ICON[format] : null;

  return (
    <figure className="ws-phone" aria-label={t('wsTemplates.preview.label')}>
      <div className="ws-phone-bar">
        <span className="ws-phone-avatar" aria-hidden>
          {sender.slice(0, 1).toUpperCase()}
        </span>
        <span className="ws-phone-sender">{sender}</span>
      </div>
      <div className="ws-phone-chat">
        <div className="ws-bubble" data-testid="ws-bubble">
          {format === 'text' && template.headerText && (
            <div className="ws-bubble-header">
              <Markup text={fillExamples(template.headerText, [template.headerExample ?? ''])} />
            </div>
          )}
          {Media && (
            <div className="ws-bubble-media">
              <Media aria-hidden />
              <span>{t(`wsTemplates.headerFormats.${format}`)}</span>
            </div>
          )}
          <div className="ws-bubble-body">
            <Markup text={body} />
          </div>
          {template.footer && <div className="ws-bubble-footer">{template.footer}</div>}
          {buttons.length > 0 && (
            <div className="ws-bubble-buttons">
              {buttons.map((button, i) => {
                const Icon = BUTTON_ICON[button.type] ?? RollbackOutlined;
                return (
                  <div key={i} className="ws-bubble-button">
                    <Icon aria-hidden />
                    <span>{button.text || t('wsTemplates.preview.noLabel')}</span>
                  </div>
                );
              })}
            </div>
          )}
        </div>
      </div>
      <figcaption className="ws-phone-caption">{t('wsTemplates.preview.caption')}</figcaption>
    </figure>
  );
}
