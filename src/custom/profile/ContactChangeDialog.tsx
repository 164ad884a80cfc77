import { useEffect, useState } from 'react';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { formatPhone } from '../../domain/phone';
import { otpCodeField } from '../../domain/schemas/common';
import { requestChangeEmailSchema, requestChangePhoneSchema } from '../../domain/schemas/profile';
import { showToast } from '../../providers/notification/toast-bus';
import { FormAlert } from '../../ui/forms/FormAlert';
import { FormField } from '../../ui/forms/FormField';
import {
  requestContactCode,
  resendContactCode,
  verifyContactCode,
  type ContactKind,
  type Profile,
} from './profile-api';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
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
  const entry = useSchemaForm(kind === 'email' ? requestChangeEmailSchema : requestChangePhoneSchema, [valueField]);
  const code = useSchemaForm(codeSchema, ['code']);

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
    entry.reset();
    code.reset();
    setResendNote(null);
    onClose();
  };

  const send = entry.handleSubmit(async (data) => {
    const value = (data as Record<string, string>)[valueField]!;
    setTarget(await requestContactCode(kind, value));
    setCooldown(COOLDOWN_SECONDS);
    code.reset();
  });

  const verify = code.handleSubmit(async (data) => {
    const profile = await verifyContactCode(kind, data.code);
    showToast({
      kind: 'message',
      type: 'success',
      content: t(kind === 'email' ? 'messages.emailChanged' : 'messages.phoneChanged'),
      key: `profile-${kind}-changed`,
    });
    onChanged(profile);
    close();
  });

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
  const digits = code.values.code.replace(/\s+/g, '');

  return (
    <Modal open={open} title={title} onCancel={close} footer={null} destroyOnHidden>
      {!target ? (
        <form onSubmit={send} noValidate className="profile-alerts" aria-label={title}>
          <FormField
            id={`new-${kind}`}
            label={t(kind === 'email' ? 'profileEdit.newEmail' : 'profileEdit.newPhone')}
            error={entry.errors[valueField]}
            hint={kind === 'phone' ? t('profileEdit.phoneHint') : undefined}
          >
            {(control) => (
              <Input
                {...control}
                type={kind === 'email' ? 'email' : 'tel'}
                autoComplete={kind === 'email' ? 'email' : 'tel'}
                value={entry.values[valueField]}
                onChange={(e) => entry.setValue(valueField, e.target.value)}
                autoFocus
              />
            )}
          </FormField>
          {entry.formError && <FormAlert type="error" message={entry.formError} />}
          <Flex justify="end" gap={8}>
            <Button onClick={close}>{t('profileEdit.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={entry.submitting}>
              {t('profileEdit.sendCode')}
            </Button>
          </Flex>
        </form>
      ) : (
        <form onSubmit={verify} noValidate className="profile-alerts" aria-label={title}>
          <Typography.Paragraph>
            {t(kind === 'email' ? 'profileEdit.codeSentEmail' : 'profileEdit.codeSentPhone', { target: shownTarget })}
          </Typography.Paragraph>
          <FormField id={`${kind}-code`} label={t('profileEdit.code')} error={code.errors.code}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code.values.code}
                onChange={(e) => code.setValue('code', e.target.value)}
                autoFocus
              />
            )}
          </FormField>
          {code.formError && <FormAlert type="error" message={code.formError} />}
          {resendNote && <FormAlert type="success" message={resendNote} />}
          <Flex justify="space-between" gap={8} wrap>
            <Flex gap={8} wrap>
              <Button onClick={() => void resend()} disabled={cooldown > 0}>
                {cooldown > 0 ? t('profileEdit.resendIn', { seconds: cooldown }) : t('profileEdit.resend')}
              </Button>
              <Button type="link" onClick={() => setTarget(null)}>
                {t(kind === 'email' ? 'profileEdit.otherEmail' : 'profileEdit.otherPhone')}
              </Button>
            </Flex>
            <Button type="primary" htmlType="submit" loading={code.submitting} disabled={!/^\d{6}$/.test(digits)}>
              {t('profileEdit.verify')}
            </Button>
          </Flex>
        </form>
      )}
    </Modal>
  );
}
