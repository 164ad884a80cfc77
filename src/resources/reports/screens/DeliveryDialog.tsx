import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { centsToDecimal } from '../../../domain/money';
import { deliveryFormSchema, PROOF, type deliveryFields, type ReportPeriod } from '../../../domain/reports/deliveries';
import type { FieldDeclaration } from '../../../domain/resources/types';
import { DollarInput } from '../../../ui/forms/DollarInput';
import { FormError } from '../../../ui/forms/FormError';
import { NumberField } from '../../../ui/forms/NumberField';
import { readCents, type NumberValue } from '../../../ui/forms/number-text';
import { useSaveForm } from '../../../ui/forms/use-save-form';
import { ReferenceSelect } from '../../engine/ReferenceSelect';
import type { Delivery } from './report-calls';

const DateInput = lazy(() => import('../../engine/DateInput'));

/** The employee picker reads the employees resource like any reference field. */
const EMPLOYEE: FieldDeclaration = { type: 'reference', references: { resource: 'employees', labelField: 'lastName' } };

export interface DeliveryValues {
  deliveredOn: string;
  origin: string;
  destination: string;
  distanceMiles: number;
  weightLb: number;
  priceCents: number;
  employeeId: string | null;
}

interface FormValues {
  deliveredOn?: string | null;
  origin?: string;
  destination?: string;
  /** A number, or the text typed when it is not one (refused by the schema, never dropped). */
  distanceMiles?: NumberValue;
  weightLb?: NumberValue;
  /** Dollars as typed ('12.50'), cents on the wire. */
  price?: string;
  employeeId?: string | null;
}

type Key = keyof typeof deliveryFields;

const toApi = (v: FormValues) => ({
  deliveredOn: v.deliveredOn ?? '',
  origin: v.origin ?? '',
  destination: v.destination ?? '',
  distanceMiles: v.distanceMiles ?? undefined,
  weightLb: v.weightLb ?? undefined,
  priceCents: readCents(v.price ?? '') ?? undefined,
  employeeId: v.employeeId ?? null,
});

/**
 * Add or edit a delivery: the domain's rules (src/domain/reports/deliveries.ts) check each field
 * when it is left and all of them on save, with the server's messages (the date within the
 * report's period among them); what the server still
 * refuses (a closed report, a price under the line's discount) shows on its field or above the form.
 * A proof file, if chosen, is sent after the delivery is saved.
 */
export function DeliveryDialog({
  open,
  editing,
  period,
  onSubmit,
  onClose,
}: {
  open: boolean;
  editing: Delivery | null;
  /** The report's period: a delivery date outside it is refused, as the server refuses it. */
  period: ReportPeriod;
  onSubmit: (values: DeliveryValues, proof: File | null) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [proof, setProof] = useState<File | null>(null);
  const { from, to } = period;
  const schema = useMemo(() => deliveryFormSchema({ from, to }), [from, to]);
  const save = useSaveForm({
    open,
    schema,
    toInput: toApi,
    // Price is typed in dollars: its messages go on the dollar field.
    nameOf: (path) => [path === 'priceCents' ? 'price' : path],
    save: (data) => onSubmit({ ...data, employeeId: data.employeeId ?? null }, proof),
    onSaved: onClose,
  });
  const { form, reset } = save;

  useEffect(() => {
    if (!open) return;
    setProof(null);
    reset();
    form.setFieldsValue(
      editing
        ? {
            deliveredOn: editing.deliveredOn,
            origin: editing.origin,
            destination: editing.destination,
            distanceMiles: editing.distanceMiles,
            weightLb: editing.weightLb,
            price: centsToDecimal(editing.priceCents),
            employeeId: editing.employeeId,
          }
        : { distanceMiles: 0, weightLb: 0 },
    );
  }, [open, editing, form, reset]);

  const item = (key: Key, label: string, input: React.ReactNode) => (
    <Form.Item name={key} label={label} rules={save.rules(key)}>
      {input}
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={editing ? t('reports.form.editTitle') : t('reports.form.addTitle')}
      okText={t('reports.form.save')}
      cancelText={t('reports.form.cancel')}
      onOk={() => void save.submit()}
      onCancel={() => save.closeAsking(onClose)}
      confirmLoading={save.saving}
      destroyOnHidden
      width={560}
    >
      <FormError message={save.formError} />
      <Form {...save.formProps}>
        <Form.Item
          name="deliveredOn"
          label={t('reports.form.deliveredOn')}
          rules={save.rules('deliveredOn')}
          validateTrigger={['onBlur', 'onChange']}
        >
          <DateField label={t('reports.form.deliveredOn')} />
        </Form.Item>
        {item('origin', t('reports.form.origin'), <Input maxLength={200} autoComplete="off" />)}
        {item('destination', t('reports.form.destination'), <Input maxLength={200} autoComplete="off" />)}
        <Flex gap={12} wrap>
          <div style={{ flex: '1 1 140px' }}>
            {item('distanceMiles', t('reports.form.distanceMiles'), <NumberField />)}
          </div>
          <div style={{ flex: '1 1 140px' }}>
            {item('weightLb', t('reports.form.weightLb'), <NumberField inputMode="numeric" />)}
          </div>
          <div style={{ flex: '1 1 140px' }}>
            <Form.Item name="price" label={t('reports.form.price')} rules={save.rules('price')}>
              <DollarInput />
            </Form.Item>
          </div>
        </Flex>
        <Form.Item name="employeeId" label={t('reports.form.employee')}>
          <ReferenceSelect
            field={EMPLOYEE}
            label={t('reports.form.employee')}
            currentLabel={editing?.employeeName ?? undefined}
          />
        </Form.Item>
        <Form.Item
          label={t('reports.form.proof')}
          extra={editing?.proofType && !proof ? t('reports.form.proofKept') : t('reports.form.proofHint')}
        >
          <Upload
            accept={PROOF.types.join(',')}
            maxCount={1}
            beforeUpload={(file) => {
              setProof(file);
              return false;
            }}
            onRemove={() => setProof(null)}
            fileList={proof ? [{ uid: 'proof', name: proof.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined aria-hidden />}>{t('reports.form.chooseFile')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The lazily loaded date picker inside a Form.Item (which passes value and onChange). */
function DateField(props: {
  id?: string;
  value?: string | null;
  onChange?: (v: string | null) => void;
  label: string;
}) {
  return (
    <Suspense fallback={<Input disabled />}>
      <DateInput {...props} />
    </Suspense>
  );
}
