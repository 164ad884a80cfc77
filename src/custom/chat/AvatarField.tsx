import { useState } from 'react';
import { Avatar, Button, Flex, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BotSettings } from '../../domain/chat/wire';
import { API_BASE_URL } from '../../providers/http/client';
import { showToast } from '../../providers/notification/toast-bus';
import { FormError } from '../../ui/forms/FormError';
import { errorText } from '../../providers/i18n/translate-message';
import { saveAvatar, useBotSettingsSaved } from './chat-api';
import { useSettingsPaths } from './settings-paths';

/** The bot's picture: chosen, sent at once (PUT avatar, multipart); the server decides the type from the bytes. */
export function AvatarField({ settings }: { settings: BotSettings }) {
  const { t } = useTranslation(['translation', 'chat']);
  const saved = useBotSettingsSaved(settings.domainId);
  const paths = useSettingsPaths();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      await saveAvatar(settings.domainId, file, paths);
      showToast({ kind: 'message', type: 'success', content: t('chat.settings.avatarSaved') });
      await saved();
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="chat-avatar">
      <span className="chat-label">{t('chat.settings.avatar')}</span>
      <Flex gap="middle" align="center" wrap>
        <Avatar
          size={64}
          src={settings.avatarUrl ? `${API_BASE_URL}${settings.avatarUrl}` : undefined}
          alt={t('chat.settings.avatarAlt')}
        >
          {(settings.name || t('chat.settings.defaultName')).slice(0, 1).toUpperCase()}
        </Avatar>
        <Upload
          accept="image/png,image/jpeg,image/webp,image/gif"
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <Button loading={busy}>{t('chat.settings.avatarChoose')}</Button>
        </Upload>
        <span className="chat-help">{t('chat.settings.avatarHelp')}</span>
      </Flex>
      <FormError message={error} />
    </div>
  );
}
