import type { TFunction } from 'i18next';
import type { FieldDeclaration, ResourceDeclaration } from '../../domain/resources/types';

/** Sets or clears list parameters (null clears one). */
export type Update = (patch: Record<string, string | number | null>) => void;

/** What every filter control of the list's filter bar gets. */
export interface FilterProps {
  t: TFunction;
  resource: ResourceDeclaration;
  fieldKey: string;
  field: FieldDeclaration;
  values: Record<string, string>;
  update: Update;
  /** The parameters the server refused (list-errors.ts): their boxes are marked. */
  refused?: ReadonlySet<string>;
}
