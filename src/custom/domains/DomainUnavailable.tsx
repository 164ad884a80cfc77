import type { ReactNode } from 'react';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../providers/i18n/translate-message';
import { PagePanel } from '../../ui/PagePanel';

/** A domain page whose domain did not load (gone, another business's, offline): why, and the way back. */
export function DomainUnavailable({ title, error, back }: { title: string; error: unknown; back: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PagePanel title={title}>
      <Flex vertical gap={12}>
        <Alert type="error" showIcon message={errorText(t, error)} />
        {back}
      </Flex>
    </PagePanel>
  );
}
