import { useRef, useState } from 'react';
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { Button, Flex, theme } from 'antd';
import { ShopOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BUSINESS_INFO_API, LOGO, type BusinessInfo } from '../../domain/business/business-info';
import { API_BASE_URL, fieldMessage } from '../../providers/http';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { toastSuccess } from '../../resources/engine/errors';

/**
 * The business logo: shown as stored (the server's resized copy), replaced by choosing an image,
 * which is sent at once (POST logo). The type and size are checked here first with the server's
 * rules; the server checks the bytes.
 */
export function LogoSection({ logo, onSaved }: { logo: string | null; onSaved: (info: BusinessInfo) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation<BusinessInfo, HttpError, FormData>();

  const send = async (file: File | undefined) => {
    setFailure(null);
    if (!file) return;
    if (!(LOGO.types as readonly string[]).includes(file.type)) return setFailure(t('messages.logoType'));
    if (file.size > LOGO.maxBytes) return setFailure(t('messages.logoTooLarge'));
    const form = new FormData();
    form.append('logo', file, file.name);
    try {
      const { data } = await mutateAsync({
        url: BUSINESS_INFO_API.logo,
        method: 'post',
        values: form,
        successNotification: false,
        errorNotification: false,
      });
      onSaved(data);
      toastSuccess(t('businessInfo.logoSaved'));
    } catch (error) {
      const field = fieldMessage(error, 'logo');
      setFailure(field ? translateMessage(t, field) : errorText(t, error));
    }
  };

  return (
    <Flex align="center" gap={token.marginLG} wrap>
      <div
        style={{
          width: 96,
          height: 96,
          borderRadius: token.borderRadiusLG,
          border: `1px solid ${token.colorBorder}`,
          background: token.colorFillQuaternary,
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          flex: 'none',
        }}
      >
        {logo ? (
          <img
            src={`${API_BASE_URL}${logo}`}
            alt={t('businessInfo.logoAlt')}
            data-testid="business-logo"
            style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <ShopOutlined
            aria-label={t('businessInfo.noLogo')}
            style={{ fontSize: 36, color: token.colorTextTertiary }}
          />
        )}
      </div>
      <div style={{ minWidth: 0, flex: '1 1 160px' }}>
        <Button icon={<UploadOutlined />} loading={mutation.isPending} onClick={() => input.current?.click()}>
          {logo ? t('businessInfo.replaceLogo') : t('businessInfo.uploadLogo')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={LOGO.types.join(',')}
          aria-label={t('businessInfo.uploadLogo')}
          style={{ display: 'none' }}
          onChange={(e) => {
            void send(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <div
          role={failure ? 'alert' : undefined}
          style={{ color: failure ? token.colorError : token.colorTextSecondary, marginTop: token.marginXS }}
        >
          {failure ?? t('businessInfo.logoHint')}
        </div>
      </div>
    </Flex>
  );
}
