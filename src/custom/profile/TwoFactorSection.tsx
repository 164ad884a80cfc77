import { useState, type FormEvent } from 'react';
import { Button, Flex, Tag, theme, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isRecoveryCode, isTotpCode, type TwoFactorSetup } from '../../domain/schemas/two-factor';
import { disableTwoFactor, enableTwoFactor, fetchTwoFactorSetup } from '../../providers/auth/two-factor-api';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useSession } from '../../providers/use-session';
import { FormAlert } from '../../ui/forms/FormAlert';
import { codeText, otpDigits, RECOVERY_CODE_MAX } from '../../ui/forms/code-text';
import { FormField } from '../../ui/forms/FormField';
import { TextInput } from '../../ui/forms/inputs';
import './profile.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'recovery'; codes: string[] }
  | { kind: 'disable' };

/** The base32 secret in groups of four, as apps show it when typing it in. */
const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Profile → Security: turn two-factor on (QR and typed key, confirmed with a code; then the
 * recovery codes, shown once, to copy or download) or off (with a code or a recovery code).
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const user = useSession()?.userData;
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const enabled = user.settings.twoFactor;

  const fail = (err: unknown) => {
    setError(errorText(t, err));
    setCode('');
    setBusy(false);
  };
  const go = (next: Step) => {
    setStep(next);
    setCode('');
    setError(null);
    setBusy(false);
  };

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      go({ kind: 'setup', setup: await fetchTwoFactorSetup() });
    } catch (err) {
      fail(err);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'setup' || !isTotpCode(code) || busy) return;
    setBusy(true);
    setError(null);
    try {
      const codes = await enableTwoFactor(code, step.setup.nonce);
      go({ kind: 'recovery', codes });
      showToast({ kind: 'message', type: 'success', content: t('twoFactor.enabled'), key: 'two-factor' });
    } catch (err) {
      fail(err);
    }
  };

  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    if (!(isTotpCode(code) || isRecoveryCode(code)) || busy) return;
    setBusy(true);
    setError(null);
    try {
      await disableTwoFactor(code);
      go({ kind: 'idle' });
      showToast({ kind: 'message', type: 'success', content: t('twoFactor.disabled'), key: 'two-factor' });
    } catch (err) {
      fail(err);
    }
  };

  const codesText = (codes: string[]) =>
    [t('twoFactor.fileHeader', { email: user.email }), '', ...codes, ''].join('\n');
  const copyCodes = async (codes: string[]) => {
    try {
      await navigator.clipboard.writeText(codesText(codes));
      showToast({ kind: 'message', type: 'success', content: t('twoFactor.copied'), key: 'two-factor-copy' });
    } catch (err) {
      fail(err);
    }
  };
  const downloadCodes = (codes: string[]) => {
    const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'backoffice-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const errorAlert = error && <FormAlert type="error" message={error} />;

  return (
    <section aria-labelledby="two-factor-title" className="profile-two-factor">
      <Flex align="center" gap={token.marginSM} wrap className="profile-two-factor__head">
        <Typography.Title level={4} id="two-factor-title" className="profile-two-factor__title">
          <SafetyCertificateOutlined aria-hidden className="profile-two-factor__icon" />
          {t('twoFactor.title')}
        </Typography.Title>
        <Tag color={enabled ? 'green' : 'default'} data-testid="two-factor-status">
          {t(enabled ? 'twoFactor.on' : 'twoFactor.off')}
        </Tag>
      </Flex>
      <Typography.Paragraph type="secondary">
        {t(enabled ? 'twoFactor.descriptionOn' : 'twoFactor.descriptionOff')}
      </Typography.Paragraph>

      {step.kind === 'idle' && (
        <>
          {errorAlert}
          {enabled ? (
            <Button danger onClick={() => go({ kind: 'disable' })}>
              {t('twoFactor.disable')}
            </Button>
          ) : (
            <Button type="primary" onClick={start} loading={busy}>
              {t('twoFactor.enable')}
            </Button>
          )}
        </>
      )}

      {step.kind === 'setup' && (
        <form noValidate onSubmit={confirm} aria-labelledby="two-factor-scan-title">
          <Typography.Title level={5} id="two-factor-scan-title">
            {t('twoFactor.scanTitle')}
          </Typography.Title>
          <Flex gap={token.marginLG} wrap align="flex-start">
            <img
              src={step.setup.qrCode}
              alt={t('twoFactor.qrAlt')}
              width={200}
              height={200}
              className="profile-two-factor__qr"
            />
            <div className="profile-two-factor__manual">
              <Typography.Paragraph className="profile-two-factor__lead">
                {t('twoFactor.manualKey')}
              </Typography.Paragraph>
              <Typography.Paragraph
                code
                copyable={{ text: step.setup.secret }}
                data-testid="two-factor-secret"
                className="profile-two-factor__secret"
              >
                {groupKey(step.setup.secret)}
              </Typography.Paragraph>
              <Typography.Paragraph type="secondary">{t('twoFactor.expiresHint')}</Typography.Paragraph>
            </div>
          </Flex>
          {errorAlert}
          <FormField id="two-factor-confirm-code" label={t('twoFactor.confirmLabel')}>
            {(control) => (
              <TextInput
                {...control}
                autoFocus
                autoComplete="one-time-code"
                inputMode="numeric"
                className="profile-two-factor__code"
                value={code}
                onChange={(e) => setCode(otpDigits(e.target.value))}
              />
            )}
          </FormField>
          <Flex gap={token.marginSM} wrap>
            <Button type="primary" htmlType="submit" disabled={!isTotpCode(code)} loading={busy}>
              {t('twoFactor.confirm')}
            </Button>
            <Button onClick={() => go({ kind: 'idle' })} disabled={busy}>
              {t('twoFactor.cancel')}
            </Button>
          </Flex>
        </form>
      )}

      {step.kind === 'recovery' && (
        <div role="region" aria-labelledby="two-factor-recovery-title">
          <Typography.Title level={5} id="two-factor-recovery-title">
            {t('twoFactor.recoveryTitle')}
          </Typography.Title>
          <Typography.Paragraph>{t('twoFactor.recoveryIntro')}</Typography.Paragraph>
          {errorAlert}
          <ul
            data-testid="recovery-codes"
            className="profile-recovery-codes"
            style={{ background: token.colorFillAlter, borderColor: token.colorBorderSecondary }}
          >
            {step.codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <Flex gap={token.marginSM} wrap>
            <Button icon={<CopyOutlined />} onClick={() => copyCodes(step.codes)}>
              {t('twoFactor.copy')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => downloadCodes(step.codes)}>
              {t('twoFactor.download')}
            </Button>
            <Button type="primary" onClick={() => go({ kind: 'idle' })}>
              {t('twoFactor.saved')}
            </Button>
          </Flex>
        </div>
      )}

      {step.kind === 'disable' && (
        <form noValidate onSubmit={turnOff} aria-label={t('twoFactor.disable')}>
          <Typography.Paragraph>{t('twoFactor.disableIntro')}</Typography.Paragraph>
          {errorAlert}
          <FormField id="two-factor-disable-code" label={t('twoFactor.disableLabel')}>
            {(control) => (
              <TextInput
                {...control}
                autoFocus
                autoComplete="one-time-code"
                spellCheck={false}
                autoCapitalize="none"
                className="profile-two-factor__recovery-code"
                value={code}
                onChange={(e) => setCode(codeText(e.target.value, RECOVERY_CODE_MAX))}
              />
            )}
          </FormField>
          <Flex gap={token.marginSM} wrap>
            <Button
              danger
              type="primary"
              htmlType="submit"
              disabled={!(isTotpCode(code) || isRecoveryCode(code))}
              loading={busy}
            >
              {t('twoFactor.disableConfirm')}
            </Button>
            <Button onClick={() => go({ kind: 'idle' })} disabled={busy}>
              {t('twoFactor.cancel')}
            </Button>
          </Flex>
        </form>
      )}
    </section>
  );
}
