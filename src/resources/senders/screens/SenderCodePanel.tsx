import { useRef, useState } from 'react';
import { useInvalidate } from '@refinedev/core';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type senderAnswer,
  type SenderCodeInput,
  senderCodeSchema,
  SENDERS_API,
} from '../../../domain/senders/senders';
import { errorText } from '../../../providers/i18n/translate-message';
import { showToast } from '../../../providers/notification/toast-bus';
import { useApiMutation } from '../../../providers/use-api';
import { codeText } from '../../../ui/forms/code-text';
import { FormError } from '../../../ui/forms/FormError';
import { useSaveForm } from '../../../ui/forms/use-save-form';
import type { RecordRow } from '../../engine/FieldValue';
import { RecordSection } from '../../engine/RecordSection';
import sendersResource from '../resource';

/** A pending sender's code: the mailed 6 digits prove the address (POST verify), or a new code is mailed. */
export function SenderCodePanel({ sender }: { sender: RecordRow }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const api = useApiMutation<typeof senderAnswer>();
  const [failure, setFailure] = useState<string | null>(null);
  const id = String(sender.id);
  const refresh = () => invalidate({ resource: sendersResource.name, invalidates: ['detail', 'list'], id });
  const save = useSaveForm<typeof senderCodeSchema, SenderCodeInput>({
    schema: senderCodeSchema,
    initialValues: { senderId: id, code: '' },
    save: (data) => api.send({ url: SENDERS_API.verify, method: 'post', values: data }),
    success: t('senders.verified'),
    onSaved: () => void refresh(),
  });
  // One new code at a time, held in a ref (as the email templates' Send test): a double-click's
  // second press arrives before the button is drawn disabled, and each press mailed a code.
  const resending = useRef(false);
  const resend = async () => {
    if (resending.current) return;
    resending.current = true;
    setFailure(null);
    try {
      await api.send({ url: SENDERS_API.resend, method: 'post', values: { senderId: id } });
      showToast({ kind: 'message', type: 'success', content: t('senders.resent') });
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      resending.current = false;
    }
  };
  if (sender.status !== 'pending') return null;
  return (
    // Framed and titled like the page's other panels (its history below): drawn bare, the code
    // field and its buttons sat on the page's background between two cards, as if left over.
    <RecordSection titleId="sender-code-title" title={t('senders.verifyTitle')}>
      <div style={{ display: 'grid', gap: 12, maxWidth: 480, marginTop: 12 }}>
        <Alert type="info" showIcon message={t('senders.pending', { address: String(sender.address) })} />
        <FormError message={save.formError ?? failure} />
        <Form {...save.formProps}>
          <Form.Item name="senderId" hidden>
            <Input />
          </Form.Item>
          {/* A code pasted from the mail with a space, or grouped "123 456", keeps all its digits:
            spaces are dropped before the length is capped (code-text.ts), not cut by maxLength. */}
          <Form.Item
            name="code"
            label={t('senders.code')}
            rules={save.rules('code')}
            normalize={(typed: string) => codeText(typed)}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" />
          </Form.Item>
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={save.saving}>
              {t('senders.verify')}
            </Button>
            <Button onClick={() => void resend()} disabled={api.isPending}>
              {t('senders.resend')}
            </Button>
          </Flex>
        </Form>
      </div>
    </RecordSection>
  );
}
