/**
 * The panel beside the plan (under it on a phone) for what is selected: a table's name, places
 * and whether it can be booked, and where one item sits. Always there, so picking an item never
 * shifts the plan.
 */
import { useState, type Dispatch } from 'react';
import { Button, Input, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '../../domain/messages';
import { MAX_PLACES, type VenueLayout } from '../../domain/seating/layout';
import type { EditorAction } from './editor-reducer';
import { EditorNumber } from './EditorNumber';
import { PlaceControl } from './PlaceControl';

export function SelectionPanel({
  layout,
  selection,
  dispatch,
  guarded,
}: {
  layout: VenueLayout;
  selection: string[];
  dispatch: Dispatch<EditorAction>;
  /** Runs an edit that may take away a booked table, asking first (use-reservation-guard.tsx). */
  guarded: (action: EditorAction, tableIds: string[]) => void;
}) {
  const { t } = useTranslation();
  const one = selection.length === 1 ? selection[0]! : null;
  const table = one ? layout.seats.find((s) => s.id === one) : undefined;
  return (
    <aside aria-label={t('seating.selectionPanel')} className="seating-panel">
      <h2>{t('seating.selectionPanel')}</h2>
      {one ? (
        <Space direction="vertical" size={12} className="seating-full-width">
          {table && (
            <TableProperties
              key={table.id + table.name}
              name={table.name}
              places={table.places}
              isAvailable={table.isAvailable}
              onRename={(name) => guarded({ type: 'rename', id: table.id, name }, [table.id])}
              onPlaces={(places) => dispatch({ type: 'setPlaces', id: table.id, places })}
              onAvailable={(isAvailable) => dispatch({ type: 'setAvailable', id: table.id, isAvailable })}
            />
          )}
          <PlaceControl
            key={one}
            layout={layout}
            id={one}
            onPlace={(row, col) => dispatch({ type: 'place', id: one, row, col })}
          />
        </Space>
      ) : (
        <p className="seating-hint">
          {selection.length ? t('seating.selectedMany', { count: selection.length }) : t('seating.selectHint')}
        </p>
      )}
    </aside>
  );
}

function TableProperties(props: {
  name: string;
  places: number;
  isAvailable: boolean;
  onRename: (name: string) => void;
  onPlaces: (places: number) => void;
  onAvailable: (available: boolean) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.name);
  return (
    <Space wrap>
      <Space.Compact>
        <Input
          aria-label={t('seating.tableName')}
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => props.onRename(name)}
          className="seating-name-input"
        />
        <Button onClick={() => props.onRename(name)} disabled={!name.trim() || name === props.name}>
          {t('seating.rename')}
        </Button>
      </Space.Compact>
      <EditorNumber
        label={t('seating.places')}
        value={props.places}
        refusal={(places) =>
          places !== null && Number.isInteger(places) && places >= 1 && places <= MAX_PLACES
            ? null
            : formatMessage('tablePlacesInvalid', { name: props.name, max: MAX_PLACES })
        }
        onValue={props.onPlaces}
      />
      <label>
        <Switch checked={props.isAvailable} onChange={props.onAvailable} size="small" /> {t('seating.bookable')}
      </label>
    </Space>
  );
}
