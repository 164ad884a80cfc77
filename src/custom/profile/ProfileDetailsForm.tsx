import { useEffect, useRef, useState } from 'react';
import { Alert, Avatar, Button, Descriptions, Divider, Flex, Form, Input, Skeleton, Typography, theme } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../domain/phone';
import { ROLE_LABEL_KEYS } from '../../domain/roles';
import { AVATAR, updateProfileSchema } from '../../domain/schemas/profile';
import { displayName } from '../../domain/user';
import { API_BASE_URL } from '../../providers/http';
import { translateMessage } from '../../providers/i18n/translate-message';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { ChangeEmailDialog } from './ChangeEmailDialog';
import { ChangePhoneDialog } from './ChangePhoneDialog';
import { fetchProfile, saveProfile, type Profile } from './profile-api';
import './profile.css';

type Values = { firstName: string; lastName: string; name: string; phone: string };

/**
 * Names, picture and contact details (product brief section 7, Profile). Venue employees are shown by
 * their name, so they edit it; everyone else is shown by first plus last name. A first phone
 * number is saved with the form; replacing one, like changing the email, goes through a code.
 */
export function ProfileDetailsForm() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removeAvatar, setRemoveAvatar] = useState(false);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'email' | 'phone' | null>(null);
  // A code may have been sent meanwhile: re-read, so reopening the dialog resumes at the code.
  const closeDialog = () => {
    setDialog(null);
    fetchProfile().then(setProfile, () => undefined);
  };
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveForm<typeof updateProfileSchema, Values, Profile>({
    schema: updateProfileSchema,
    save: (data) => {
      const isEmployee = profile?.roleName === 'VENUEEMPLOYEE';
      return saveProfile({
        firstName: data.firstName,
        lastName: data.lastName,
        name: isEmployee ? (data.name ?? '') : undefined,
        // The number as the schema wrote it (E.164), '' for none.
        phone: profile?.phone ? undefined : (data.phone ?? ''),
        avatar,
        removeAvatar,
      });
    },
    success: t('messages.profileUpdated'),
    toastKey: 'profile-updated',
    onSaved: (saved) => {
      setAvatar(null);
      setRemoveAvatar(false);
      show(saved);
    },
  });

  const show = (p: Profile) => {
    setProfile(p);
    save.reset();
    save.form.setFieldsValue({ firstName: p.firstName, lastName: p.lastName, name: p.name, phone: '' });
  };

  useEffect(() => {
    const controller = new AbortController();
    fetchProfile(controller.signal).then(show, (error: unknown) => {
      if (!controller.signal.aborted) setLoadError(translateMessage(t, error instanceof Error ? error.message : ''));
    });
    return () => controller.abort();
    // Loaded once; `show` and `t` are stable enough for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!avatar) return setPreview(null);
    const url = URL.createObjectURL(avatar);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [avatar]);

  if (loadError) return <Alert type="error" showIcon message={loadError} />;
  if (!profile) return <Skeleton active avatar paragraph={{ rows: 4 }} />;

  const isEmployee = profile.roleName === 'VENUEEMPLOYEE';
  const hasPhone = Boolean(profile.phone);

  const pickAvatar = (file: File | undefined) => {
    setAvatarError(null);
    if (!file) return;
    if (!(AVATAR.types as readonly string[]).includes(file.type)) return setAvatarError(t('messages.avatarType'));
    if (file.size > AVATAR.maxBytes) return setAvatarError(t('messages.avatarTooLarge'));
    setAvatar(file);
    setRemoveAvatar(false);
  };

  const shownAvatar = preview ?? (removeAvatar || !profile.avatarUrl ? null : `${API_BASE_URL}${profile.avatarUrl}`);

  return (
    <div className="profile-details">
      <Flex align="center" gap={token.marginLG} wrap className="profile-identity">
        <Avatar size={80} src={shownAvatar ?? undefined} icon={<UserOutlined />} alt={t('profileEdit.avatarAlt')} />
        <div className="profile-identity__text">
          <Typography.Title level={4} className="profile-identity__name" data-testid="profile-display-name">
            {displayName(profile)}
          </Typography.Title>
          <Typography.Text type="secondary">{t(ROLE_LABEL_KEYS[profile.roleName])}</Typography.Text>
          <Flex gap={token.marginXS} wrap className="profile-identity__actions">
            <Button size="small" onClick={() => fileInput.current?.click()}>
              {t('profileEdit.uploadAvatar')}
            </Button>
            {shownAvatar && (
              <Button
                size="small"
                onClick={() => {
                  setAvatar(null);
                  setRemoveAvatar(Boolean(profile.avatarUrl));
                }}
              >
                {t('profileEdit.removeAvatar')}
              </Button>
            )}
          </Flex>
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR.types.join(',')}
            aria-label={t('profileEdit.uploadAvatar')}
            hidden
            onChange={(e) => {
              pickAvatar(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <div
            className="profile-identity__hint"
            style={{ color: avatarError ? token.colorError : token.colorTextSecondary }}
          >
            {avatarError ?? t('profileEdit.avatarHint')}
          </div>
        </div>
      </Flex>

      <Form {...save.formProps} aria-label={t('profileEdit.detailsForm')}>
        <Flex wrap className="profile-names">
          <div className="profile-names__field">
            <Form.Item
              name="firstName"
              label={t('profileEdit.firstName')}
              htmlFor="profile-firstName"
              rules={save.rules('firstName')}
            >
              <Input id="profile-firstName" autoComplete="given-name" />
            </Form.Item>
          </div>
          <div className="profile-names__field">
            <Form.Item
              name="lastName"
              label={t('profileEdit.lastName')}
              htmlFor="profile-lastName"
              rules={save.rules('lastName')}
            >
              <Input id="profile-lastName" autoComplete="family-name" />
            </Form.Item>
          </div>
        </Flex>
        {isEmployee && (
          <Form.Item
            name="name"
            label={t('profileEdit.displayName')}
            htmlFor="profile-name"
            extra={t('profileEdit.displayNameHint')}
            rules={save.rules('name')}
          >
            <Input id="profile-name" />
          </Form.Item>
        )}
        {!hasPhone && (
          <Form.Item
            name="phone"
            label={t('profile.phone')}
            htmlFor="profile-phone"
            extra={t('profileEdit.phoneHint')}
            rules={save.rules('phone')}
          >
            <Input id="profile-phone" type="tel" autoComplete="tel" />
          </Form.Item>
        )}
        <FormError message={save.formError} />
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={save.saving}>
            {t('profileEdit.save')}
          </Button>
        </Flex>
      </Form>

      <Divider />
      <Descriptions
        column={1}
        bordered
        size="middle"
        items={[
          {
            key: 'email',
            label: t('fields.email'),
            children: (
              <Flex justify="space-between" align="center" gap={token.marginXS} wrap>
                <span className="profile-contact">{profile.email}</span>
                <Button size="small" onClick={() => setDialog('email')}>
                  {t('profileEdit.changeEmail')}
                </Button>
              </Flex>
            ),
          },
          {
            key: 'phone',
            label: t('profile.phone'),
            children: (
              <Flex justify="space-between" align="center" gap={token.marginXS} wrap>
                <span>{hasPhone ? formatPhone(profile.phone) : t('profile.none')}</span>
                {hasPhone && (
                  <Button size="small" onClick={() => setDialog('phone')}>
                    {t('profileEdit.changePhone')}
                  </Button>
                )}
              </Flex>
            ),
          },
          {
            key: 'business',
            label: t('profile.business'),
            children: profile.business?.companyName ?? t('profile.none'),
          },
        ]}
      />
      <ChangeEmailDialog
        open={dialog === 'email'}
        pendingTarget={profile.pendingEmail}
        onClose={closeDialog}
        onChanged={show}
      />
      <ChangePhoneDialog
        open={dialog === 'phone'}
        pendingTarget={profile.pendingPhone}
        onClose={closeDialog}
        onChanged={show}
      />
    </div>
  );
}
