import { useMemo, type ReactNode } from 'react';
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { Button, ColorPicker, Form, Input, theme } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import {
  BUSINESS_INFO_API,
  businessInfoSchema,
  SOCIAL_NETWORKS,
  type BusinessInfo,
} from '../../domain/business/business-info';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { zoneOptions } from '../../ui/venue/TimeZoneForm';
import { countryOptions, toFormValues, type BusinessInfoValues } from './business-info-form';

/** At most two columns: the four social links stand two by two. */
const pairs = { display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))' };
const grid = { display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' };
const SOCIAL_PLACEHOLDER = {
  facebook: 'https://facebook.com/…',
  instagram: 'https://instagram.com/…',
  x: 'https://x.com/…',
  linkedin: 'https://linkedin.com/company/…',
} as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section aria-labelledby={id} style={{ marginBottom: token.marginXS }}>
      <h2 id={id} style={{ fontSize: token.fontSizeHeading5, margin: `0 0 ${token.marginSM}px` }}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Every field of the business but its logo, saved together (PUT business info) on useSaveForm
 * (docs/architecture.md, "Forms"): the server's schema runs here first with its messages, and
 * what the server still refuses shows on its field.
 */
export function BusinessInfoForm({ info, onSaved }: { info: BusinessInfo; onSaved: (info: BusinessInfo) => void }) {
  const { t, i18n } = useTranslation();
  const initial = useMemo(() => toFormValues(info), [info]);
  const { mutateAsync } = useCustomMutation<BusinessInfo, HttpError, BusinessInfoValues>();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const zones = useMemo(() => zoneOptions(info.timeZone), [info.timeZone]);
  const save = useSaveForm<typeof businessInfoSchema, BusinessInfoValues, BusinessInfo>({
    schema: businessInfoSchema,
    initialValues: initial,
    // The values as typed, checked: the schema's output has '' as null, which the route's
    // own run of the same schema would refuse.
    save: async (): Promise<BusinessInfo> => {
      const values = save.form.getFieldsValue(true) as BusinessInfoValues;
      const { data } = await mutateAsync({
        url: BUSINESS_INFO_API.businessInfo,
        method: 'put',
        values,
        successNotification: false,
        errorNotification: false,
      });
      return data;
    },
    success: t('businessInfo.saved'),
    onSaved: (data) => {
      save.form.setFieldsValue(toFormValues(data));
      onSaved(data);
    },
  });
  const check = (name: string) => ({ rules: save.rules(name.split('.')) });

  const color = (name: 'primaryColor' | 'secondaryColor') => (
    <Form.Item
      name={['branding', name]}
      rules={save.rules(['branding', name])}
      label={t(`businessInfo.fields.${name}`)}
      getValueFromEvent={(value: { toHexString(): string }) => value.toHexString().toUpperCase()}
    >
      <ColorPicker disabledAlpha showText format="hex" aria-label={t(`businessInfo.fields.${name}`)} />
    </Form.Item>
  );

  return (
    <Form<BusinessInfoValues>
      {...save.formProps}
      // Centred: scrolled to the top, the field would sit under the fixed header.
      scrollToFirstError={{ block: 'center' }}
      noValidate
      style={{ maxWidth: 760 }}
    >
      <FormError message={save.formError} />
      <Section id="business-company" title={t('businessInfo.sections.company')}>
        <div style={grid}>
          <Form.Item {...check('companyName')} name="companyName" label={t('businessInfo.fields.companyName')} required>
            <Input autoComplete="organization" maxLength={100} />
          </Form.Item>
          <Form.Item {...check('companyWebSite')} name="companyWebSite" label={t('businessInfo.fields.companyWebSite')}>
            <Input type="url" autoComplete="url" placeholder="https://" />
          </Form.Item>
        </div>
      </Section>
      <Section id="business-branding" title={t('businessInfo.sections.branding')}>
        <div style={grid}>
          {color('primaryColor')}
          {color('secondaryColor')}
        </div>
      </Section>
      <Section id="business-address" title={t('businessInfo.sections.address')}>
        <Form.Item {...check('address.street')} name={['address', 'street']} label={t('businessInfo.fields.street')}>
          <Input autoComplete="street-address" />
        </Form.Item>
        <div style={grid}>
          <Form.Item {...check('address.city')} name={['address', 'city']} label={t('businessInfo.fields.city')}>
            <Input autoComplete="address-level2" />
          </Form.Item>
          <Form.Item {...check('address.state')} name={['address', 'state']} label={t('businessInfo.fields.state')}>
            <Input autoComplete="address-level1" />
          </Form.Item>
          <Form.Item
            {...check('address.zipCode')}
            name={['address', 'zipCode']}
            // The ZIP rule follows the country.
            dependencies={[['address', 'country']]}
            label={t('businessInfo.fields.zipCode')}
          >
            <Input autoComplete="postal-code" />
          </Form.Item>
          <Form.Item
            {...check('address.country')}
            name={['address', 'country']}
            label={t('businessInfo.fields.country')}
            required
          >
            <Select showSearch optionFilterProp="label" options={countries} />
          </Form.Item>
        </div>
      </Section>
      <Section id="business-time-zone" title={t('businessInfo.sections.timeZone')}>
        <Form.Item
          {...check('timeZone')}
          name="timeZone"
          label={t('businessInfo.fields.timeZone')}
          extra={t('businessInfo.timeZoneHelp')}
        >
          <Select showSearch options={zones} style={{ maxWidth: 360 }} />
        </Form.Item>
      </Section>
      <Section id="business-social" title={t('businessInfo.sections.socialLinks')}>
        <div style={pairs}>
          {SOCIAL_NETWORKS.map((network) => (
            <Form.Item
              key={network}
              {...check(`socialLinks.${network}`)}
              name={['socialLinks', network]}
              label={t(`businessInfo.fields.${network}`)}
            >
              <Input type="url" placeholder={SOCIAL_PLACEHOLDER[network]} />
            </Form.Item>
          ))}
        </div>
      </Section>
      <Button type="primary" htmlType="submit" loading={save.saving}>
        {t('businessInfo.save')}
      </Button>
    </Form>
  );
}
