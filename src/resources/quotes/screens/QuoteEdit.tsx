import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import { ResourceEdit } from '../../engine/ResourceForm';
import { QuoteFormSummary, quoteFormLayout } from './QuoteFormParts';
import './quotes.css';

/** quote_management/edit/:id: as the new-quote form (QuoteCreate). */
export default function QuoteEdit({ resource }: { resource: ResourceDeclaration }) {
  const { t } = useTranslation();
  const layout = useMemo(() => quoteFormLayout(t), [t]);
  return <ResourceEdit resource={resource} layout={layout} summary={(body) => <QuoteFormSummary body={body} />} />;
}
