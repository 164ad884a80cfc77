import { useEffect, useMemo, useState } from 'react';
import { Button, ColorPicker, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { BLOCK_TYPES, emailDesignSchema, type EmailDesign } from '../../../domain/email-templates/blocks';
import type { EmailTemplateKind } from '../../../domain/email-templates/kinds';
import { fieldErrors } from '../../../domain/schemas/common';
import { translateMessage } from '../../../providers/i18n/translate-message';
import { BlockList } from './BlockList';
import { BlockPanel } from './BlockPanel';
import { BLOCK_ICONS } from './block-icons';
import { starterWordsOf } from '../starter-words';
import { addBlock, blockAt, type BlockPlace } from './design-ops';
import '../email-templates.css';

/** The schema's messages for one block: its paths under `prefix`, the prefix taken off. */
export function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, message]) => [path.slice(prefix.length), message]),
  );
}

/** The block a message's path names ('blocks.3.text', 'blocks.3.columns.1.blocks.0.alt'), if any. */
export function placeOf(path: string): BlockPlace | null {
  const match = /^blocks\.(\d+)\.(?:columns\.(\d+)\.blocks\.(\d+)\.)?/.exec(path);
  if (!match) return null;
  return match[2] === undefined
    ? { index: Number(match[1]) }
    : { index: Number(match[1]), column: Number(match[2]), item: Number(match[3]) };
}

export const prefixOf = (place: BlockPlace) =>
  place.column === undefined
    ? `blocks.${place.index}.`
    : `blocks.${place.index}.columns.${place.column}.blocks.${place.item}.`;

/**
 * The visual mode (docs/email-templates.md, "The visual mode"): the design's blocks in order, to
 * add, pick, move (buttons, Alt+↑/↓, or drag) and remove, and the picked block's properties in a
 * side panel. Its value is the block list, the form's `blocks` field: the MJML, the preview and
 * the checks are made from it. Loaded with the setup page only, in a chunk of its own.
 */
export default function VisualEditor(props: {
  value?: EmailDesign;
  onChange?: (design: EmailDesign) => void;
  kind: EmailTemplateKind;
  /**
   * What the server alone refused in the design at the last save, by path ('blocks.3.text'):
   * shown as the schema's messages are, until the design changes, and its first block picked.
   */
  refused?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const design = props.value!;
  const [selected, setSelected] = useState<BlockPlace | null>(design.blocks.length ? { index: 0 } : null);
  // The server's messages hold for the design it was sent (a change of it, however made, is judged again).
  const [refusal, setRefusal] = useState<{ design: EmailDesign; errors: Record<string, string> } | null>(null);
  useEffect(() => {
    const errors = props.refused ?? {};
    setRefusal({ design: props.value!, errors });
    const first = Object.keys(errors)
      .map(placeOf)
      .find((place) => place !== null);
    if (first) setSelected(first);
    // Only a new answer of the server's sets them, not a change of the design.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.refused]);
  const refused = useMemo(() => (refusal?.design === design ? refusal.errors : {}), [refusal, design]);
  // The schema's messages (and the server's), each shown on its block's field and marked on the block in the list.
  const errors = useMemo(() => {
    const parsed = emailDesignSchema.safeParse(design);
    return { ...refused, ...(parsed.success ? {} : fieldErrors(parsed.error)) };
  }, [design, refused]);
  // A message of the server's that names no block goes below the editor, with the design's own.
  const elsewhere = Object.entries(refused)
    .filter(([path]) => placeOf(path) === null && path !== 'background' && path !== 'blocks')
    .map(([, message]) => message);
  const change = (next: EmailDesign, place?: BlockPlace | null) => {
    props.onChange?.(next);
    if (place !== undefined) setSelected(place);
  };
  const block = selected ? blockAt(design, selected) : null;
  // A removed block's place may be past the end: pick nothing rather than a stale place.
  useEffect(() => {
    if (selected && !block) setSelected(null);
  }, [selected, block]);

  return (
    <div className="et-visual">
      <div className="et-insert" role="group" aria-label={t('emailTemplates.visual.add')}>
        <span className="et-muted">{t('emailTemplates.visual.add')}</span>
        <Space wrap size={4}>
          {BLOCK_TYPES.map((type) => (
            <Button
              key={type}
              size="small"
              icon={BLOCK_ICONS[type]}
              onClick={() => {
                const added = addBlock(design, type, selected?.index ?? null, starterWordsOf(t));
                change(added.design, added.place);
              }}
            >
              {t(`emailTemplates.visual.types.${type}`)}
            </Button>
          ))}
        </Space>
      </div>
      <div className="et-visual-body">
        <BlockList design={design} selected={selected} errors={errors} onSelect={setSelected} onChange={change} />
        <BlockPanel
          design={design}
          place={block ? selected : null}
          errors={selected ? errorsUnder(errors, prefixOf(selected)) : {}}
          kind={props.kind}
          onChange={change}
        />
      </div>
      <Space className="et-visual-mail" align="center">
        <span>{t('emailTemplates.visual.fields.mailBackground')}</span>
        <ColorPicker
          disabledAlpha
          showText
          format="hex"
          value={design.background}
          aria-label={t('emailTemplates.visual.fields.mailBackground')}
          onChange={(colour) => change({ ...design, background: colour.toHexString() })}
        />
      </Space>
      {[...new Set([errors.background, errors.blocks, ...elsewhere])].filter(Boolean).map((message) => (
        <p key={message} className="et-error">
          {translateMessage(t, message!)}
        </p>
      ))}
    </div>
  );
}
