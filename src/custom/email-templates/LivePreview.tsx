import { useMemo, useState } from 'react';
import { Segmented, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { KIND_VARIABLES, type EmailTemplateKind } from '../../domain/email-templates/kinds';
import { substitute } from '../../domain/email-templates/variables';
import { MailFrame } from '../../ui/mail/MailFrame';
import { useFitScale } from './use-fit-scale';
import { useLiveHtml } from './use-live-html';

type Width = 600 | 375;
type Scheme = 'light' | 'dark';

/** The frame's height (email-templates.css, .et-frame), scaled with its width. */
const FRAME_HEIGHT = 640;

/**
 * Mail apps in dark mode mostly invert a message's colours when it declares none of its own; this
 * does the same (pictures turned back), so a light-only design shows what a dark reader sees.
 */
const DARK_STYLE =
  '<style>html{filter:invert(1) hue-rotate(180deg);background:#fff}img{filter:invert(1) hue-rotate(180deg)}</style>';

/**
 * The live preview: the source rendered in the browser with the kind's sample data, in a sandboxed
 * frame (MailFrame: no scripts, no same origin, its https pictures shown), 600 px as a
 * desktop mail app or 375 px as a phone, light or dark. Where its box is narrower (a phone's
 * screen), the frame is scaled down to the box's width, as mail previews do, and says so: the mail
 * keeps its own width inside, and the page never scrolls sideways.
 */
export function LivePreview({ mjml, kind }: { mjml: string; kind: EmailTemplateKind }) {
  const { t } = useTranslation();
  const [width, setWidth] = useState<Width>(600);
  const [scheme, setScheme] = useState<Scheme>('light');
  const live = useLiveHtml(mjml);
  const fit = useFitScale(width);
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
      {fit.scale < 1 && (
        <p className="et-muted">
          {t('emailTemplates.preview.scaled', { width, percent: Math.round(fit.scale * 100) })}
        </p>
      )}
      <div className="et-frame-box" ref={fit.ref}>
        {doc === null ? (
          <Spin aria-busy="true" />
        ) : (
          <div className="et-frame-fit" style={{ width: width * fit.scale, height: FRAME_HEIGHT * fit.scale }}>
            <MailFrame
              title={t('emailTemplates.preview.frame', { width })}
              className="et-frame"
              data-width={width}
              data-scheme={scheme}
              style={{ width, transform: fit.scale < 1 ? `scale(${fit.scale})` : undefined }}
              html={doc}
            />
          </div>
        )}
      </div>
    </section>
  );
}
