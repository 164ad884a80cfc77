import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import ResourceList from '../../engine/ResourceList';

// The settings drawer loads when first opened.
const InvoiceSettingsDrawer = lazy(() =>
  import('./InvoiceSettingsDrawer').then((m) => ({ default: m.InvoiceSettingsDrawer })),
);

/** invoice_management: the generated list plus an "Invoice settings" button opening the settings drawer. */
export default function InvoiceList({ resource }: { resource: ResourceDeclaration }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <ResourceList
        resource={resource}
        extra={
          <Button
            icon={<SettingOutlined aria-hidden />}
            onClick={() => {
              setOpen(true);
              setOpened(true);
            }}
          >
            {t('invoices.settings.open')}
          </Button>
        }
      />
      {opened && (
        <Suspense fallback={null}>
          <InvoiceSettingsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
