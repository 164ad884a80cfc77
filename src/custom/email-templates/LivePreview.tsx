import { useMemo, useState } from 'react';
import { Segmented, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { KIND_VARIABLES, type EmailTemplateKind } from '../../domain/email-templates/kinds';
import { substitute } from '../../domain/email-templates/variables';
import { MailFrame } from '../../ui/mail/MailFrame';
import { useLiveHtml } from './use-live-html';

type Width = 600 | 375;
type Scheme = 'light' | 'dark';

/**
 * Mail apps in dark mode mostly invert a message's colours when it declares none of its own; this
 * does the same (pictures turned back), so a light-only design shows what a dark reader sees.
 */
const DARK_STYLE =
  '<style>html{filter:invert(1) hue-rotate(180deg);background:#fff}img{filter:invert(1) hue-rotate(180deg)}</style>';

/**
 * The live preview: the source rendered in the browser with the kind's sample data, in a sandboxed
 * frame (MailFrame: no scripts, no same origin, its https pictures shown), 600 px as a
 * desktop mail app or 375 px as a phone, light or dark.
 */
export function LivePreview({ mjml, kind }: { mjml: string; kind: EmailTemplateKind }) {
  const { t } = useTranslation();
  const [width, setWidth] = useState<Width>(600);
  const [scheme, setScheme] = useState<Scheme>('light');
  const live = useLiveHtml(mjml);
  const doc = useMemo(() => {
    if (live.html === null) return null;
    const filled = substitute(live.html, KIND_VARIABLES[kind] ?? KIND_VARIABLES.general, true);
    return scheme === 'dark' ? filled.replace(/<\/head>/i, `${DARK_STYLE}</head>`) : filled;
  }, [live.html, kind, scheme]);

  return (
    <section className="et-preview" aria-label={t('emailTemplates.preview.title')}>
      <Space wrap className="et-preview-bar">
        <Segmented<Width>
          aria-label={t('emailTemplates.preview.width')}
          value={width}
          onChange={setWidth}
          options={[
            { value: 600, label: t('emailTemplates.preview.desktop') },
            { value: 375, label: t('emailTemplates.preview.phone') },
          ]}
        />
        <Segmented<Scheme>
          aria-label={t('emailTemplates.preview.scheme')}
          value={scheme}
          onChange={setScheme}
          options={[
            { value: 'light', label: t('emailTemplates.preview.light') },
            { value: 'dark', label: t('emailTemplates.preview.dark') },
          ]}
        />
      </Space>
      <p className="et-muted">{t('emailTemplates.preview.sample')}</p>
      {live.failed && <p className="et-muted">{t('emailTemplates.preview.failed')}</p>}
      <div className="et-frame-box">
        {doc === null ? (
          <Spin aria-busy="true" />
        ) : (
          <MailFrame
            title={t('emailTemplates.preview.frame', { width })}
            className="et-frame"
            data-width={width}
            data-scheme={scheme}
            style={{ width }}
            html={doc}
          />
        )}
      </div>
    </section>
  );
}
