import { useEffect, useRef } from 'react';
import { Alert, Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '../../domain/messages';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { translateMessage } from '../../providers/i18n/translate-message';
import { useClock } from '../../ui/venue/use-clock';
import { renderFieldValue, type RecordRow } from './FieldValue';
import { fieldLabel } from './labels';

/** Values too big for a line of the banner: it names the field, the form shows the value after a reload. */
const NAMED_ONLY = new Set(['lines', 'image', 'markdown', 'text']);

/**
 * Said when the record being edited was saved by someone else after the form opened (a live
 * change, or a save answered 409): what they changed, with their values, and the way on. Nothing
 * typed is lost either way: "Reload their changes" takes theirs into the form where the user
 * changed nothing; "Keep editing" closes this, and saving asks again until theirs are seen.
 */
export function ChangedMeanwhileBanner({
  resource,
  current,
  theirs,
  mine,
  onReload,
  onKeep,
  refusals,
}: {
  resource: ResourceDeclaration;
  /** The record as it is now. */
  current: RecordRow;
  /** The fields they changed (changed-meanwhile.ts theirChanges). */
  theirs: readonly string[];
  /** The fields the user changed. */
  mine: readonly string[];
  onReload: () => void;
  onKeep: () => void;
  /** Saves refused so far: each one brings the banner into view (Save is often far below it). */
  refusals: number;
}) {
  const { t } = useTranslation();
  const clock = useClock();
  const box = useRef<HTMLDivElement>(null);
  // Only after a refused save, never on a live change alone: the page does not jump while someone types.
  useEffect(() => {
    if (!refusals) return;
    box.current?.scrollIntoView({ block: 'center' });
    box.current?.focus({ preventScroll: true });
  }, [refusals]);
  return (
    <div ref={box} tabIndex={-1} className="engine-changed">
      <Alert
        type="warning"
        showIcon
        role="alert"
        className="engine-alert"
        message={translateMessage(t, MESSAGES.recordChangedMeanwhile)}
        description={
          <Flex vertical gap={8}>
            <span>{t('resourceEngine.changedMeanwhile.kept')}</span>
            {theirs.length > 0 && (
              <div>
                <div>{t('resourceEngine.changedMeanwhile.theirs')}</div>
                <ul className="engine-changed-list">
                  {theirs.map((key) => {
                    const field = resource.fields[key];
                    return (
                      <li key={key}>
                        <strong>{fieldLabel(t, resource, key)}</strong>
                        {field && !NAMED_ONLY.has(field.type) && (
                          <>
                            :{' '}
                            {renderFieldValue(t, clock, resource, key, field, current) ||
                              t('resourceEngine.changedMeanwhile.empty')}
                          </>
                        )}
                        {mine.includes(key) && (
                          <Tag className="engine-changed-tag">{t('resourceEngine.changedMeanwhile.both')}</Tag>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </div>
            )}
            <Flex gap={8} wrap>
              <Button type="primary" onClick={onReload}>
                {t('resourceEngine.changedMeanwhile.reload')}
              </Button>
              <Button onClick={onKeep}>{t('resourceEngine.changedMeanwhile.keep')}</Button>
            </Flex>
          </Flex>
        }
      />
    </div>
  );
}
