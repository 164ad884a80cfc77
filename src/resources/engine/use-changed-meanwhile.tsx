import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormMode } from '../../domain/resources/field-rules';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { ChangedMeanwhileBanner } from './ChangedMeanwhileBanner';
import { reloadTheirs, theirChanges } from './changed-meanwhile';
import type { RecordRow } from './FieldValue';
import { initialFormValues, type FormValues } from './form-values';

/**
 * The edit form's side of two people editing one record (src/domain/resources/version.ts): the
 * record saved by someone else since the form loaded `base` — seen live, or on a save answered
 * 409 — leaves what was typed alone and shows the banner; an untouched form simply follows it.
 */
export function useChangedMeanwhile({
  resource,
  mode,
  record,
  base,
  setBase,
  form,
  changedKeys,
  shownKeys,
  busy,
  saving,
  reread,
}: {
  resource: ResourceDeclaration;
  mode: FormMode;
  /** The latest copy of the record (the live channel refreshes it). */
  record: RecordRow | undefined;
  /** The copy the form's values come from, whose version a save names. */
  base: RecordRow | undefined;
  setBase: (next: RecordRow) => void;
  form: FormInstance<FormValues>;
  /** The fields the user changed (the keys a save would send). */
  changedKeys: () => string[];
  /** The fields the form shows. */
  shownKeys: readonly string[];
  /** A save on its way (a ref: read in the effect) and its state (for the render). */
  busy: RefObject<boolean>;
  saving: boolean;
  /** Reads the record again. */
  reread?: () => void;
}): { rebase: (next: RecordRow, values?: FormValues) => void; refused: () => void; banner: ReactNode } {
  const { t } = useTranslation();
  // The version the user chose to keep editing over, and the saves refused so far.
  const [keptOver, setKeptOver] = useState<unknown>(undefined);
  const [refusals, setRefusals] = useState(0);
  const movedOn = mode === 'update' && !!record && !!base && record.updatedAt !== base.updatedAt;

  /** The form at another copy of the record: its values, and the version the next save names. */
  const rebase = (next: RecordRow, values = initialFormValues(resource, mode, next, t)) => {
    setBase(next);
    form.setFields(Object.entries(values).map(([name, value]) => ({ name, value, errors: [], warnings: [] })));
  };
  // A form with nothing typed simply follows the record; one with typed work asks (the banner).
  useEffect(() => {
    if (movedOn && !busy.current && changedKeys().length === 0) rebase(record!);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new version of the record only
  }, [record?.updatedAt]);

  // Asked only over typed work (the effect above refills an untouched form), and not mid-save.
  const mine = movedOn && !saving && keptOver !== record!.updatedAt ? changedKeys() : [];
  const reloadTheirChanges = () => {
    const theirs = theirChanges(resource, mode, base!, record!, shownKeys);
    const { values, both } = reloadTheirs(resource, mode, record!, form.getFieldsValue(true), changedKeys(), theirs, t);
    rebase(record!, values);
    // Where both changed it, the user's value stays and says so.
    form.setFields(both.map((key) => ({ name: key, warnings: [t('resourceEngine.changedMeanwhile.yoursKept')] })));
  };
  return {
    rebase,
    refused: () => {
      setKeptOver(undefined);
      setRefusals((n) => n + 1);
      reread?.();
    },
    banner: mine.length ? (
      <ChangedMeanwhileBanner
        resource={resource}
        current={record!}
        theirs={theirChanges(resource, mode, base!, record!, shownKeys)}
        mine={mine}
        onReload={reloadTheirChanges}
        onKeep={() => setKeptOver(record!.updatedAt)}
        refusals={refusals}
      />
    ) : null,
  };
}
