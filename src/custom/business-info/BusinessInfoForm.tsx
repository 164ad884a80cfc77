import { useMemo, useState, type ReactNode } from 'react';
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { Alert, Button, ColorPicker, Form, Input, Select, theme, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { BUSINESS_INFO_API, SOCIAL_NETWORKS, type BusinessInfo } from '../../domain/business/business-info';
import { isApiError } from '../../providers/http';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { toastSuccess } from '../../resources/engine/errors';
import { useLeaveGuard } from '../../resources/engine/use-leave-guard';
import { zoneOptions } from '../../ui/venue/TimeZoneForm';
import { checkValues, countryOptions, toFormValues, type BusinessInfoValues } from './business-info-form';

type FieldData<V> = Parameters<FormInstance<V>['setFields']>[0][number];

/** At most two columns: the four social links stand two by two. */
const pairs = { display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))' };
const grid = { display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' };
// A server key 'address.zipCode' names the field ['address', 'zipCode'].
const namePath = (key: string) => key.split('.') as FieldData<BusinessInfoValues>['name'];
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
 * Every field of the business but its logo, saved together (PUT business info): the server's
 * rules run here first with its messages, and what the server still refuses shows on its field.
 */
export function BusinessInfoForm({ info, onSaved }: { info: BusinessInfo; onSaved: (info: BusinessInfo) => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<BusinessInfoValues>();
  const initial = useMemo(() => toFormValues(info), [info]);
  const [formError, setFormError] = useState<string | null>(null);
  const { markDirty, leaveAfterSave } = useLeaveGuard();
  const { mutateAsync, mutation } = useCustomMutation<BusinessInfo, HttpError, BusinessInfoValues>();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const zones = useMemo(() => zoneOptions(info.timeZone), [info.timeZone]);

  const showErrors = (errors: Record<string, string | string[]>) =>
    form.setFields(
      Object.entries(errors).map(
        ([key, text]): FieldData<BusinessInfoValues> => ({
          name: namePath(key),
          errors: [translateMessage(t, Array.isArray(text) ? text[0]! : text)],
        }),
      ),
    );

  /** A field's check on blur (and on submit): the whole form's rules, this field's message. */
  const check = (key: string) => ({
    rules: [
      {
        validator: () => {
          const message = checkValues(form.getFieldsValue(true) as BusinessInfoValues)[key];
          return message ? Promise.reject(new Error(translateMessage(t, message))) : Promise.resolve();
        },
      },
    ],
    validateTrigger: 'onBlur',
  });

  const submit = async () => {
    setFormError(null);
    // Every value, also of fields the user never touched (getFieldsValue(true)).
    const values = form.getFieldsValue(true) as BusinessInfoValues;
    const errors = checkValues(values);
    if (Object.keys(errors).length) return showErrors(errors);
    try {
      const { data } = await mutateAsync({
        url: BUSINESS_INFO_API.businessInfo,
        method: 'put',
        values,
        successNotification: false,
        errorNotification: false,
      });
      form.setFieldsValue(toFormValues(data));
      leaveAfterSave(window.location.pathname);
      onSaved(data);
      toastSuccess(t('businessInfo.saved'));
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.errors : {};
      showErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFormError(errorText(t, error));
    }
  };

  const color = (name: 'primaryColor' | 'secondaryColor') => (
    <Form.Item
      name={['branding', name]}
      label={t(`businessInfo.fields.${name}`)}
      getValueFromEvent={(value: { toHexString(): string }) => value.toHexString().toUpperCase()}
    >
      <ColorPicker disabledAlpha showText format="hex" aria-label={t(`businessInfo.fields.${name}`)} />
    </Form.Item>
  );

  return (
    <Form<BusinessInfoValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={markDirty}
      onFinish={submit}
      // Centred: scrolled to the top, the field would sit under the fixed header.
      scrollToFirstError={{ block: 'center' }}
      noValidate
      style={{ maxWidth: 760 }}
    >
      {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} />}
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
        <Form.Item name="timeZone" label={t('businessInfo.fields.timeZone')} extra={t('businessInfo.timeZoneHelp')}>
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
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {t('businessInfo.save')}
      </Button>
    </Form>
  );
}
