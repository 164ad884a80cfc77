import { useState } from 'react';
import { Alert, Button, List, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../providers/i18n/translate-message';
import { showToast } from '../../../providers/notification/toast-bus';
import { CardLabel } from '../CardLabel';
import { useCards, usePaymentActions } from '../billing-hooks';
import type { SavedCard } from '../payments-api';
import { AddCardModal } from './AddCardModal';
import { SettingsSection } from './SectionTitle';
import { SteadyPopconfirm } from '../../../ui/confirm/SteadyPopconfirm';
import '../payments.css';

/** Saved cards: brand, name on card and last 4; set default, delete, add (the product brief, sections 3 and 7). */
export function PaymentMethodsSection() {
  const { t } = useTranslation();
  const { data: cards, loading, error, reload } = useCards();
  const { setDefaultCard, deleteCard } = usePaymentActions();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (card: SavedCard, action: 'default' | 'delete') => {
    setBusy(card.id);
    try {
      if (action === 'default') await setDefaultCard(card.id);
      else await deleteCard(card.id);
      showToast({
        kind: 'message',
        type: 'success',
        content: t(action === 'default' ? 'messages.defaultCardUpdated' : 'messages.cardDeleted'),
      });
      reload();
    } catch (err) {
      showToast({ kind: 'message', type: 'error', content: errorText(t, err) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <SettingsSection
      id="settings-cards-title"
      title={t('settings.cards.title')}
      description={t('settings.cards.description')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('settings.cards.add')}
        </Button>
      }
    >
      {error && <Alert type="error" showIcon message={errorText(t, error)} className="payments-gap-below-sm" />}
      <List<SavedCard>
        bordered
        loading={loading}
        dataSource={cards ?? []}
        locale={{ emptyText: t('settings.cards.empty') }}
        renderItem={(card) => (
          <List.Item
            aria-label={t('settings.cards.itemLabel', { last4: card.cardLast4 })}
            actions={[
              !card.isDefault && (
                <Button
                  key="default"
                  size="small"
                  icon={<StarOutlined />}
                  loading={busy === card.id}
                  onClick={() => void act(card, 'default')}
                >
                  {t('settings.cards.setDefault')}
                </Button>
              ),
              <SteadyPopconfirm
                key="delete"
                title={t('settings.cards.deleteConfirm')}
                okText={t('settings.cards.delete')}
                cancelText={t('settings.cancel')}
                onConfirm={() => act(card, 'delete')}
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('settings.cards.delete')} />
              </SteadyPopconfirm>,
            ].filter(Boolean)}
          >
            <List.Item.Meta
              title={
                <span className="payments-card-title">
                  <CardLabel card={card} withExpiry />
                  {card.isDefault && <Tag color="blue">{t('settings.cards.default')}</Tag>}
                </span>
              }
              description={card.nameOnCard}
            />
          </List.Item>
        )}
      />
      <AddCardModal
        open={adding}
        firstCard={(cards?.length ?? 0) === 0}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          reload();
        }}
      />
    </SettingsSection>
  );
}
