import { Button, Form, Input, Space, Typography, type FormInstance } from 'antd';
import { Select } from '../../ui/forms/Select';
import type { FieldRules } from '../../ui/forms/use-save-form';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_STATUSES,
  LAST_CAMPAIGN,
  SEGMENT_CONDITIONS_MAX,
  SEGMENT_FIELDS,
  type CampaignInput,
  type SegmentField,
  type SegmentOp,
} from '../../domain/campaigns/rules';
import { counted } from '../../ui/counted';
import { DateField } from './DateField';
import type { Audience } from './use-audience';

const FIELDS = Object.keys(SEGMENT_FIELDS) as SegmentField[];

/**
 * The audience: conditions over the contacts' fields, tags, created date and past campaign mail
 * (opened, clicked or not), matched all or any, with the live count beside them. A condition's
 * value input follows its field and test (a status list, a campaign, a date, a number of days, text).
 */
export function SegmentBuilder({
  form,
  rules,
  audience,
  campaigns,
}: {
  form: FormInstance<CampaignInput>;
  rules: FieldRules;
  audience: Audience;
  /** The business's campaigns that have started: what a past-events condition can name. */
  campaigns: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const conditions = Form.useWatch(['segment', 'conditions'], form) ?? [];

  const valueInput = (i: number) => {
    const c = conditions[i];
    const label = t('campaigns.segment.value', { n: i + 1 });
    if (c?.field === 'status')
      return (
        <Select
          aria-label={label}
          className="cm-value"
          options={CONTACT_STATUSES.map((s) => ({ value: s, label: t(`campaigns.segment.statuses.${s}`) }))}
        />
      );
    if (c?.field === 'campaign')
      return (
        <Select
          aria-label={label}
          className="cm-value"
          options={[
            { value: LAST_CAMPAIGN, label: t('campaigns.segment.lastCampaign') },
            ...campaigns.map((x) => ({ value: x.id, label: x.name })),
          ]}
        />
      );
    if (c?.field === 'createdAt' && c.op === 'withinDays')
      return <Input aria-label={label} className="cm-value" inputMode="numeric" autoComplete="off" />;
    if (c?.field === 'createdAt') return <DateField label={label} ownLabel />;
    return <Input aria-label={label} className="cm-value" autoComplete="off" />;
  };

  // A new field starts on its first test with no value (the old one would not fit); a campaign
  // condition on the last campaign.
  const fieldChanged = (i: number, field: SegmentField) =>
    form.setFieldValue(['segment', 'conditions', i], {
      field,
      op: SEGMENT_FIELDS[field][0],
      value: field === 'campaign' ? LAST_CAMPAIGN : '',
    });

  return (
    <section aria-label={t('campaigns.segment.title')} className="cm-segment">
      <Typography.Title level={5}>{t('campaigns.segment.title')}</Typography.Title>
      <Space wrap align="center">
        <span>{t('campaigns.segment.match')}</span>
        <Form.Item name={['segment', 'match']} noStyle>
          <Select
            aria-label={t('campaigns.segment.match')}
            options={(['all', 'any'] as const).map((m) => ({ value: m, label: t(`campaigns.segment.${m}`) }))}
          />
        </Form.Item>
      </Space>
      <Form.List name={['segment', 'conditions']}>
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, i) => (
              <Space key={row.key} wrap align="start" className="cm-condition">
                <Form.Item name={[row.name, 'field']} noStyle>
                  <Select
                    aria-label={t('campaigns.segment.field', { n: i + 1 })}
                    className="cm-select"
                    onChange={(f: SegmentField) => fieldChanged(i, f)}
                    options={FIELDS.map((f) => ({ value: f, label: t(`campaigns.segment.fields.${f}`) }))}
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'op']} noStyle>
                  <Select
                    aria-label={t('campaigns.segment.op', { n: i + 1 })}
                    className="cm-select"
                    onChange={() =>
                      conditions[i]?.field !== 'campaign' &&
                      form.setFieldValue(['segment', 'conditions', i, 'value'], '')
                    }
                    options={(
                      SEGMENT_FIELDS[(conditions[i]?.field ?? 'status') as SegmentField] as readonly SegmentOp[]
                    ).map((op) => ({ value: op, label: t(`campaigns.segment.ops.${op}`) }))}
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'value']} rules={rules(['segment', 'conditions', i, 'value'])}>
                  {valueInput(i)}
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('campaigns.segment.remove', { n: i + 1 })}
                  onClick={() => remove(row.name)}
                />
              </Space>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={rows.length >= SEGMENT_CONDITIONS_MAX}
              onClick={() => add({ field: 'tag', op: 'has', value: '' })}
            >
              {t('campaigns.segment.add')}
            </Button>
          </>
        )}
      </Form.List>
      <p className="cm-count" role="status" aria-live="polite" data-testid="audience-count">
        {!conditions.length && <span className="cm-muted">{t('campaigns.segment.everyone')} </span>}
        {audience.incomplete
          ? t('campaigns.segment.incomplete')
          : audience.data
            ? t('campaigns.segment.count', counted(audience.data.count))
            : t('campaigns.segment.counting')}
      </p>
    </section>
  );
}
