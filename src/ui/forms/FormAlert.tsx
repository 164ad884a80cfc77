import type { CSSProperties, ReactNode } from 'react';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { theme } from 'antd';

export interface FormAlertProps {
  type: 'error' | 'success';
  message: ReactNode;
  style?: CSSProperties;
  /** Passed to the alert's box, e.g. for its margin in a page's CSS file. */
  className?: string;
}

/**
 * A form's outcome, drawn like antd's Alert with `showIcon` (same tokens, so it follows the
 * light/dark theme) and announced like it (role="alert"). Own component because antd's Alert
 * and what it pulls in (~5 KB gzip) would count against the login page's 190 KB budget.
 */
export function FormAlert({ type, message, style, className }: FormAlertProps) {
  const { token } = theme.useToken();
  const colors =
    type === 'error'
      ? { icon: token.colorError, bg: token.colorErrorBg, border: token.colorErrorBorder }
      : { icon: token.colorSuccess, bg: token.colorSuccessBg, border: token.colorSuccessBorder };
  const Icon = type === 'error' ? CloseCircleFilled : CheckCircleFilled;
  return (
    <div
      role="alert"
      className={className}
      style={{
        display: 'flex',
        alignItems: 'center',
        boxSizing: 'border-box',
        padding: `${token.paddingContentVerticalSM}px 12px`,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        color: token.colorText,
        background: colors.bg,
        border: `${token.lineWidth}px ${token.lineType} ${colors.border}`,
        borderRadius: token.borderRadiusLG,
        overflowWrap: 'break-word',
        ...style,
      }}
    >
      <Icon style={{ color: colors.icon, marginInlineEnd: token.marginXS, lineHeight: 0 }} />
      <div style={{ flex: 1, minWidth: 0, color: token.colorTextHeading }}>{message}</div>
    </div>
  );
}
