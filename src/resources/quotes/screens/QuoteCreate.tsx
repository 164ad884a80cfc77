import { useMemo } from 'react';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import { ResourceCreate } from '../../engine/ResourceForm';
import { useDefaultTaxRate } from './quote-calls';
import { QuoteFormSummary, quoteFormLayout } from './QuoteFormParts';
import './quotes.css';

/**
 * quote_management/add: the generated form, its money fields by pricing type, the tax rate starting
 * at the business's default invoice rate, the subtotal, tax and named total and the move's fit under it.
 */
export default function QuoteCreate({ resource }: { resource: ResourceDeclaration }) {
  const { t } = useTranslation();
  const layout = useMemo(() => quoteFormLayout(t), [t]);
  const { taxRate, loading } = useDefaultTaxRate();
  const initialValues = useMemo(() => ({ taxRate }), [taxRate]);
  if (loading) return <Skeleton active />;
  return (
    <ResourceCreate
      resource={resource}
      layout={layout}
      initialValues={initialValues}
      summary={(body) => <QuoteFormSummary body={body} />}
    />
  );
}
