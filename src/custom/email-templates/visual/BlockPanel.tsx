import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnyBlock, DesignBlock, EmailDesign } from '../../../domain/email-templates/blocks';
import type { EmailTemplateKind } from '../../../domain/email-templates/kinds';
import { BlockFields, useFieldKit } from './BlockFields';
import { blockAt, setColumnCount, updateBlock, type BlockPlace } from './design-ops';

/**
 * The side panel: the picked block's properties, each field checked by the shared schema as it
 * changes (its message under it), and for a top-level block its section's background and padding.
 */
export function BlockPanel(props: {
  design: EmailDesign;
  place: BlockPlace | null;
  /** The schema's messages for this block, by its own paths ('alt', 'section.padding'). */
  errors: Record<string, string>;
  kind: EmailTemplateKind;
  onChange: (design: EmailDesign) => void;
}) {
  const { t } = useTranslation();
  const { design, place } = props;
  const block = place ? blockAt(design, place) : null;
  const idPrefix = place ? `et-block-${place.index}-${place.column ?? 'x'}-${place.item ?? 'x'}` : 'et-block';
  const kit = useFieldKit(props.errors, idPrefix);
  const label = (name: string) => t(`emailTemplates.visual.fields.${name}`);

  if (!place || !block)
    return (
      <aside className="et-visual-panel" aria-label={t('emailTemplates.visual.panel')}>
        <p className="et-muted">{t('emailTemplates.visual.noneSelected')}</p>
      </aside>
    );

  const set = (next: AnyBlock) => props.onChange(updateBlock(design, place, next));
  const top = place.column === undefined ? (block as DesignBlock) : null;
  const type = t(`emailTemplates.visual.types.${block.type}`);

  return (
    <aside className="et-visual-panel" aria-label={t('emailTemplates.visual.panel')}>
      <h4 className="et-heading">{t('emailTemplates.visual.panelTitle', { type })}</h4>
      {block.type === 'columns' &&
        kit.field('columns', label('columns'), () => (
          <Segmented<number>
            aria-label={label('columns')}
            value={block.columns.length}
            onChange={(n) => set(setColumnCount(block, n as 2 | 3))}
            options={[2, 3]}
          />
        ))}
      <BlockFields key={block.id} block={block} kit={kit} kind={props.kind} set={set} />
      {top && (
        <fieldset className="et-section-fields">
          <legend>{t('emailTemplates.visual.section')}</legend>
          <div className="et-fields-row">
            {kit.colour('section.background', label('sectionBackground'), top.section.background, (v) =>
              set({ ...top, section: { ...top.section, background: v } }),
            )}
            {kit.pixels('section.padding', label('padding'), top.section.padding, (v) =>
              set({ ...top, section: { ...top.section, padding: v } }),
            )}
          </div>
        </fieldset>
      )}
    </aside>
  );
}
