import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import { ResourceCreate } from '../../engine/ResourceForm';
import { QuoteFormSummary, quoteFormLayout } from './QuoteFormParts';
import './quotes.css';

/** quote_management/add: the generated form, its money fields by pricing type, the named total and the move's fit under it. */
export default function QuoteCreate({ resource }: { resource: ResourceDeclaration }) {
  const { t } = useTranslation();
  const layout = useMemo(() => quoteFormLayout(t), [t]);
  return <ResourceCreate resource={resource} layout={layout} summary={(body) => <QuoteFormSummary body={body} />} />;
}
