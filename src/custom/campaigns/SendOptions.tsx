import { Form, Input, Typography, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { CampaignInput } from '../../domain/campaigns/rules';
import { NumberField } from '../../ui/forms/NumberField';

type Rules = (name: string | (string | number)[]) => Rule[];

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
  rules: Rules;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const subjectB = Form.useWatch('subjectB', form);
  return (
    <>
      <section aria-label={t('campaigns.ab.title')} className="cm-segment">
        <Typography.Title level={5}>{t('campaigns.ab.title')}</Typography.Title>
        <p className="cm-muted">{t('campaigns.ab.intro')}</p>
        <Form.Item
          name="subjectB"
          label={t('campaigns.fields.subjectB')}
          htmlFor="cm-subject-b"
          rules={rules('subjectB')}
        >
          <Input id="cm-subject-b" autoComplete="off" />
        </Form.Item>
        {Boolean(subjectB?.trim()) && (
          <div className="cm-row">
            <Form.Item
              name="abPercent"
              dependencies={['subjectB']}
              label={t('campaigns.fields.abPercent')}
              htmlFor="cm-ab-percent"
              rules={rules('abPercent')}
              extra={t('campaigns.hints.abPercent')}
            >
              <NumberField id="cm-ab-percent" inputMode="numeric" className="cm-number" suffix="%" />
            </Form.Item>
            <Form.Item
              name="abWaitHours"
              dependencies={['subjectB']}
              label={t('campaigns.fields.abWaitHours')}
              htmlFor="cm-ab-wait"
              rules={rules('abWaitHours')}
              extra={t('campaigns.hints.abWaitHours')}
            >
              <NumberField id="cm-ab-wait" inputMode="numeric" className="cm-number" />
            </Form.Item>
          </div>
        )}
      </section>
      <section aria-label={t('campaigns.window.title')} className="cm-segment">
        <Typography.Title level={5}>{t('campaigns.window.title')}</Typography.Title>
        <p className="cm-muted">{t('campaigns.window.intro', { zone: timeZone })}</p>
        <div className="cm-row">
          <Form.Item
            name="windowStart"
            dependencies={['windowEnd']}
            label={t('campaigns.fields.windowStart')}
            htmlFor="cm-window-start"
            rules={rules('windowStart')}
          >
            <Input id="cm-window-start" type="time" className="cm-number" />
          </Form.Item>
          <Form.Item
            name="windowEnd"
            dependencies={['windowStart']}
            label={t('campaigns.fields.windowEnd')}
            htmlFor="cm-window-end"
            rules={rules('windowEnd')}
          >
            <Input id="cm-window-end" type="time" className="cm-number" />
          </Form.Item>
        </div>
        <Form.Item
          name="hourlyCap"
          label={t('campaigns.fields.hourlyCap')}
          htmlFor="cm-cap"
          rules={rules('hourlyCap')}
          extra={t('campaigns.hints.hourlyCap')}
        >
          <NumberField id="cm-cap" inputMode="numeric" className="cm-number" />
        </Form.Item>
      </section>
    </>
  );
}
