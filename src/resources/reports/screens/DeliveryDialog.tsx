import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { deliveryFields, PROOF } from '../../../domain/reports/deliveries';
import type { FieldDeclaration } from '../../../domain/resources/types';
import { isApiError } from '../../../providers/http';
import { errorText, translateMessage } from '../../../providers/i18n/translate-message';
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
  distanceMiles?: number | null;
  weightLb?: number | null;
  /** Dollars on screen, cents on the wire. */
  price?: number | null;
  employeeId?: string | null;
}

const KEYS = ['deliveredOn', 'origin', 'destination', 'distanceMiles', 'weightLb', 'priceCents', 'employeeId'] as const;
/** The form's name for an API field (price is typed in dollars). */
const formName = (key: string) => (key === 'priceCents' ? 'price' : key) as keyof FormValues;

const toApi = (v: FormValues): Record<string, unknown> => ({
  deliveredOn: v.deliveredOn ?? '',
  origin: v.origin ?? '',
  destination: v.destination ?? '',
  distanceMiles: v.distanceMiles ?? undefined,
  weightLb: v.weightLb ?? undefined,
  priceCents: v.price === null || v.price === undefined ? undefined : Math.round(v.price * 100),
  employeeId: v.employeeId ?? null,
});

/**
 * Add or edit a delivery: the domain's rules (src/domain/reports/deliveries.ts) check each field
 * when it is left and all of them on save, with the server's messages; what the server still
 * refuses (a closed report, a price under the line's discount) shows on its field or above the form.
 * A proof file, if chosen, is sent after the delivery is saved.
 */
export function DeliveryDialog({
  open,
  editing,
  onSubmit,
  onClose,
}: {
  open: boolean;
  editing: Delivery | null;
  onSubmit: (values: DeliveryValues, proof: File | null) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [proof, setProof] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setProof(null);
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            deliveredOn: editing.deliveredOn,
            origin: editing.origin,
            destination: editing.destination,
            distanceMiles: editing.distanceMiles,
            weightLb: editing.weightLb,
            price: editing.priceCents / 100,
            employeeId: editing.employeeId,
          }
        : { distanceMiles: 0, weightLb: 0 },
    );
  }, [open, editing, form]);

  /** One field's rule, run when it is left (antd's validateTrigger onBlur). */
  const rule = (key: (typeof KEYS)[number]) => ({
    validator: async () => {
      const value = toApi(form.getFieldsValue())[key];
      const checked = z.safeParse(deliveryFields[key], value);
      if (!checked.success) throw new Error(translateMessage(t, checked.error.issues[0]!.message));
    },
  });

  const submit = async () => {
    const api = toApi(form.getFieldsValue());
    const checked = z.safeParse(z.object(deliveryFields), api);
    if (!checked.success) {
      const seen = new Set<string>();
      form.setFields(
        checked.error.issues
          .filter((i) => !seen.has(String(i.path[0])) && seen.add(String(i.path[0])))
          .map((i) => ({ name: formName(String(i.path[0])), errors: [translateMessage(t, i.message)] })),
      );
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSubmit(checked.data as DeliveryValues, proof);
      onClose();
    } catch (err) {
      const fields = isApiError(err) ? Object.entries(err.errors) : [];
      const known = fields.filter(([k]) => (KEYS as readonly string[]).includes(k) || k === 'proof');
      form.setFields(
        known
          .filter(([k]) => k !== 'proof')
          .map(([k, text]) => ({ name: formName(k), errors: [translateMessage(t, String(text))] })),
      );
      const proofError = known.find(([k]) => k === 'proof');
      if (proofError) setError(translateMessage(t, String(proofError[1])));
      else if (!known.length) setError(errorText(t, err));
    } finally {
      setSaving(false);
    }
  };

  const item = (key: (typeof KEYS)[number], label: string, input: React.ReactNode) => (
    <Form.Item name={formName(key)} label={label} rules={[rule(key)]} validateTrigger="onBlur">
      {input}
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={editing ? t('reports.form.editTitle') : t('reports.form.addTitle')}
      okText={t('reports.form.save')}
      cancelText={t('reports.form.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={560}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="deliveredOn"
          label={t('reports.form.deliveredOn')}
          rules={[rule('deliveredOn')]}
          validateTrigger={['onBlur', 'onChange']}
        >
          <DateField label={t('reports.form.deliveredOn')} />
        </Form.Item>
        {item('origin', t('reports.form.origin'), <Input maxLength={200} autoComplete="off" />)}
        {item('destination', t('reports.form.destination'), <Input maxLength={200} autoComplete="off" />)}
        <Flex gap={12} wrap>
          <div style={{ flex: '1 1 140px' }}>
            {item(
              'distanceMiles',
              t('reports.form.distanceMiles'),
              <InputNumber min={0} precision={1} style={{ width: '100%' }} />,
            )}
          </div>
          <div style={{ flex: '1 1 140px' }}>
            {item(
              'weightLb',
              t('reports.form.weightLb'),
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />,
            )}
          </div>
          <div style={{ flex: '1 1 140px' }}>
            {item(
              'priceCents',
              t('reports.form.price'),
              <InputNumber min={0} precision={2} prefix="$" style={{ width: '100%' }} />,
            )}
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
