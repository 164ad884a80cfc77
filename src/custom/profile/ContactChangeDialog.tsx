import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { formatPhone } from '../../domain/phone';
import { otpCodeField } from '../../domain/schemas/common';
import { requestChangeEmailSchema, requestChangePhoneSchema } from '../../domain/schemas/profile';
import { FormAlert } from '../../ui/forms/FormAlert';
import { codeText } from '../../ui/forms/code-text';
import { FormError } from '../../ui/forms/FormError';
import { useFocusOnOpen } from '../../ui/forms/use-focus-on-open';
import { useSaveForm } from '../../ui/forms/use-save-form';
import {
  requestContactCode,
  resendContactCode,
  verifyContactCode,
  type ContactKind,
  type Profile,
} from './profile-api';
import './profile.css';

/** The server refuses a resend within this many seconds (RESEND_COOLDOWN_MS). */
const COOLDOWN_SECONDS = 60;
const codeSchema = z.object({ code: otpCodeField });

export interface ContactChangeDialogProps {
  kind: ContactKind;
  open: boolean;
  /** A change already waiting for its code (from GET profile): the dialog opens at the code step. */
  pendingTarget: string | null;
  onClose: () => void;
  onChanged: (profile: Profile) => void;
}

/**
 * Changing the email or the phone number: the new value first, then the 6-digit code sent to
 * it (product brief section 7, Profile: request, resend, verify). Verify is enabled only with 6 digits.
 */
export function ContactChangeDialog({ kind, open, pendingTarget, onClose, onChanged }: ContactChangeDialogProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string | null>(pendingTarget);
  const [cooldown, setCooldown] = useState(0);
  const [resendNote, setResendNote] = useState<string | null>(null);
  const valueField = kind === 'email' ? 'email' : 'phone';
  const entry = useSaveForm({
    open,
    schema: kind === 'email' ? requestChangeEmailSchema : requestChangePhoneSchema,
    initialValues: { [valueField]: '' },
    save: (data) => requestContactCode(kind, 'email' in data ? data.email : data.phone),
    onSaved: (sentTo) => {
      setTarget(sentTo);
      setCooldown(COOLDOWN_SECONDS);
    },
  });
  const code = useSaveForm({
    open,
    schema: codeSchema,
    initialValues: { code: '' },
    save: (data) => verifyContactCode(kind, data.code),
    success: t(kind === 'email' ? 'messages.emailChanged' : 'messages.phoneChanged'),
    toastKey: `profile-${kind}-changed`,
    onSaved: (profile) => {
      onChanged(profile);
      close();
    },
  });
  const typed: unknown = Form.useWatch('code', code.form);
  // Each step's one field has the focus as the step shows (the code's when the code is sent).
  const valueInput = useFocusOnOpen(open && !target);
  const codeInput = useFocusOnOpen(open && !!target);

  useEffect(() => {
    if (open) setTarget(pendingTarget);
    // Only when the dialog opens: later prop changes must not throw the user out of a step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const close = () => {
    // The step on screen starts blank next time (the other step's form is not mounted).
    (target ? code : entry).reset();
    setResendNote(null);
    onClose();
  };

  const resend = async () => {
    setResendNote(null);
    try {
      await resendContactCode(kind);
      setCooldown(COOLDOWN_SECONDS);
      setResendNote(t('profileEdit.codeResent'));
    } catch (error) {
      code.showError(error);
    }
  };

  const shownTarget = target && kind === 'phone' ? formatPhone(target) : target;
  const title = t(kind === 'email' ? 'profileEdit.changeEmail' : 'profileEdit.changePhone');
  const digits = typeof typed === 'string' ? typed.replace(/\s+/g, '') : '';

  return (
    <Modal
      open={open}
      title={title}
      onCancel={() => (target ? code : entry).closeAsking(close)}
      footer={null}
      destroyOnHidden
    >
      {!target ? (
        // Keyed: each step is its own Form with its own store (antd keeps the first `form` it gets).
        <Form key="entry" {...entry.formProps} aria-label={title}>
          <Form.Item
            name={valueField}
            label={t(kind === 'email' ? 'profileEdit.newEmail' : 'profileEdit.newPhone')}
            htmlFor={`new-${kind}`}
            extra={kind === 'phone' ? t('profileEdit.phoneHint') : undefined}
            rules={entry.rules(valueField)}
          >
            <Input
              id={`new-${kind}`}
              type={kind === 'email' ? 'email' : 'tel'}
              autoComplete={kind === 'email' ? 'email' : 'tel'}
              ref={valueInput}
            />
          </Form.Item>
          <FormError message={entry.formError} />
          <Flex justify="end" gap={8}>
            <Button onClick={() => entry.closeAsking(close)}>{t('profileEdit.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={entry.saving}>
              {t('profileEdit.sendCode')}
            </Button>
          </Flex>
        </Form>
      ) : (
        <Form key="code" {...code.formProps} aria-label={title} className="profile-alerts">
          <Typography.Paragraph>
            {t(kind === 'email' ? 'profileEdit.codeSentEmail' : 'profileEdit.codeSentPhone', { target: shownTarget })}
          </Typography.Paragraph>
          <Form.Item
            name="code"
            label={t('profileEdit.code')}
            htmlFor={`${kind}-code`}
            rules={code.rules('code')}
            normalize={(typed: string) => codeText(typed)}
          >
            <Input ref={codeInput} id={`${kind}-code`} inputMode="numeric" autoComplete="one-time-code" />
          </Form.Item>
          <FormError message={code.formError} />
          {resendNote && <FormAlert type="success" message={resendNote} />}
          <Flex justify="space-between" gap={8} wrap>
            <Flex gap={8} wrap>
              <Button onClick={() => void resend()} disabled={cooldown > 0}>
                {cooldown > 0 ? t('profileEdit.resendIn', { seconds: cooldown }) : t('profileEdit.resend')}
              </Button>
              <Button
                type="link"
                onClick={() => {
                  code.reset();
                  setTarget(null);
                }}
              >
                {t(kind === 'email' ? 'profileEdit.otherEmail' : 'profileEdit.otherPhone')}
              </Button>
            </Flex>
            <Button type="primary" htmlType="submit" loading={code.saving} disabled={!/^\d{6}$/.test(digits)}>
              {t('profileEdit.verify')}
            </Button>
          </Flex>
        </Form>
      )}
    </Modal>
  );
}
