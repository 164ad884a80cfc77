import { Descriptions } from 'antd';
import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PublicQuote } from './public-quote-api';

/** Whom the customer writes to or calls (the mover's account, as stored): always on the page, so a refusal is never a dead end. */
export function MoverContact({ quote }: { quote: PublicQuote }) {
  const { t } = useTranslation();
  const { email, phone } = quote.contact;
  return (
    <section aria-labelledby="quote-contact-title" data-testid="quote-contact">
      <h2 id="quote-contact-title" className="public-quote-heading">
        {t('quotes.public.contact.title', { business: quote.businessName })}
      </h2>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'business', label: t('quotes.public.contact.business'), children: quote.businessName },
          ...(email
            ? [
                {
                  key: 'email',
                  label: t('quotes.public.contact.email'),
                  children: (
                    <a href={`mailto:${email}`}>
                      <MailOutlined aria-hidden /> {email}
                    </a>
                  ),
                },
              ]
            : []),
          ...(phone
            ? [
                {
                  key: 'phone',
                  label: t('quotes.public.contact.phone'),
                  children: (
                    <a href={`tel:${phone}`}>
                      <PhoneOutlined aria-hidden /> {phone}
                    </a>
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}
