import { Form, Input, Typography, type FormInstance } from 'antd';
import type { FieldRules } from '../../ui/forms/use-save-form';
import { useTranslation } from 'react-i18next';
import type { CampaignInput } from '../../domain/campaigns/rules';
import { NumberField } from '../../ui/forms/NumberField';

type Field = 'subjectB' | 'abPercent' | 'abWaitHours' | 'windowStart' | 'windowEnd' | 'hourlyCap';

/** One field of the options: its input's id and kind, the fields it is checked again with, whether it has a hint. */
interface Row {
  name: Field;
  id: string;
  input: 'text' | 'number' | 'percent' | 'time';
  dependencies?: Field[];
  hint?: boolean;
}

const ROWS = {
  subjectB: { name: 'subjectB', id: 'cm-subject-b', input: 'text' },
  abPercent: { name: 'abPercent', id: 'cm-ab-percent', input: 'percent', dependencies: ['subjectB'], hint: true },
  abWaitHours: { name: 'abWaitHours', id: 'cm-ab-wait', input: 'number', dependencies: ['subjectB'], hint: true },
  windowStart: { name: 'windowStart', id: 'cm-window-start', input: 'time', dependencies: ['windowEnd'] },
  windowEnd: { name: 'windowEnd', id: 'cm-window-end', input: 'time', dependencies: ['windowStart'] },
  hourlyCap: { name: 'hourlyCap', id: 'cm-cap', input: 'number', hint: true },
} satisfies Record<Field, Row>;

function OptionRow({ row, rules }: { row: Row; rules: FieldRules }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={row.name}
      dependencies={row.dependencies}
      label={t(`campaigns.fields.${row.name}`)}
      htmlFor={row.id}
      rules={rules(row.name)}
      extra={row.hint ? t(`campaigns.hints.${row.name}`) : undefined}
    >
      {row.input === 'text' ? (
        <Input id={row.id} autoComplete="off" />
      ) : row.input === 'time' ? (
        <Input id={row.id} type="time" className="cm-number" />
      ) : (
        <NumberField
          id={row.id}
          inputMode="numeric"
          className="cm-number"
          suffix={row.input === 'percent' ? '%' : undefined}
        />
      )}
    </Form.Item>
  );
}

/**
 * How the campaign goes out: an optional second subject (an A/B test: the share of the audience
 * split between the two, and the hours after which the subject opened more goes to the rest),
 * the hourly cap, and an optional daily send window in the business's time zone. The rules are
 * the schema's (src/domain/campaigns/rules.ts), the server's too.
 */
export function SendOptions({
  form,
  rules,
  timeZone,
}: {
  form: FormInstance<CampaignInput>;
  rules: FieldRules;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const subjectB = Form.useWatch('subjectB', form);
  return (
    <>
      <section aria-label={t('campaigns.ab.title')} className="cm-segment">
        <Typography.Title level={5}>{t('campaigns.ab.title')}</Typography.Title>
        <p className="cm-muted">{t('campaigns.ab.intro')}</p>
        <OptionRow row={ROWS.subjectB} rules={rules} />
        {Boolean(subjectB?.trim()) && (
          <div className="cm-row">
            <OptionRow row={ROWS.abPercent} rules={rules} />
            <OptionRow row={ROWS.abWaitHours} rules={rules} />
          </div>
        )}
      </section>
      <section aria-label={t('campaigns.window.title')} className="cm-segment">
        <Typography.Title level={5}>{t('campaigns.window.title')}</Typography.Title>
        <p className="cm-muted">{t('campaigns.window.intro', { zone: timeZone })}</p>
        <div className="cm-row">
          <OptionRow row={ROWS.windowStart} rules={rules} />
          <OptionRow row={ROWS.windowEnd} rules={rules} />
        </div>
        <OptionRow row={ROWS.hourlyCap} rules={rules} />
      </section>
    </>
  );
}
