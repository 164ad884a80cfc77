import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useOne } from '@refinedev/core';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import { ResourceEdit } from '../../engine/ResourceForm';
import { QuoteFormSummary, quoteFormLayout } from './QuoteFormParts';
import './quotes.css';

/**
 * quote_management/edit/:id: as the new-quote form (QuoteCreate). A sent quote may still be
 * edited; the form says, beside Save, that the customer's link shows the change at once and that
 * an answer to the version they read before is refused (docs/quotes.md, "Editing a sent quote").
 */
export default function QuoteEdit({ resource }: { resource: ResourceDeclaration }) {
  const { t } = useTranslation();
  const layout = useMemo(() => quoteFormLayout(t), [t]);
  const { id = '' } = useParams();
  // The record the form itself reads (the same query, answered from its cache).
  const { result } = useOne<Record<string, unknown>>({ resource: resource.name, id, errorNotification: false });
  const sent = result?.status === 'sent';
  return (
    <ResourceEdit
      resource={resource}
      layout={layout}
      summary={(body) => (
        <>
          {sent && <Alert type="info" showIcon message={t('quotes.sentEdit')} className="quote-sent-edit" />}
          <QuoteFormSummary body={body} />
        </>
      )}
    />
  );
}
