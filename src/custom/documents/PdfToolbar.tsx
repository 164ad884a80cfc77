import { Button, Flex, Input, Space, theme, Tooltip, Typography } from 'antd';
import { Select } from '../../ui/forms/Select';
import {
  ArrowLeftOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PDF_ZOOM_STEPS } from '../../domain/constants';
import { stepZoom, type PageInputProblem, type ZoomStep } from '../../domain/documents/viewer';

/**
 * The viewer's toolbar: back to the list, the page number (checked on Enter or leaving the box),
 * zoom, a quarter turn and full screen. On a phone the back label and the zoom steps hide.
 */
export function PdfToolbar({
  fileId,
  showBack,
  loaded,
  total,
  pageText,
  onPageText,
  onSubmitPage,
  problem,
  zoom,
  onZoom,
  onRotate,
  fullscreen,
  onToggleFullscreen,
}: {
  fileId: string;
  showBack: boolean;
  /** Whether the PDF is open (the page box waits for it). */
  loaded: boolean;
  total: number;
  pageText: string;
  onPageText: (text: string) => void;
  /** Go to the page typed: on Enter (leaving false) or when the box loses the focus. */
  onSubmitPage: (leaving: boolean) => void;
  problem: PageInputProblem | null;
  zoom: ZoomStep;
  onZoom: (zoom: ZoomStep | ((current: ZoomStep) => ZoomStep)) => void;
  onRotate: () => void;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
}) {
  const { t } = useTranslation(['translation', 'documents']);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <Flex
      wrap
      align="center"
      gap="small"
      role="toolbar"
      aria-label={t('documents.viewer.toolbar')}
      className="pdf-viewer-toolbar"
      style={{ borderBottomColor: token.colorBorderSecondary, background: token.colorBgContainer }}
    >
      {showBack && (
        <Button
          icon={<ArrowLeftOutlined />}
          size="small"
          aria-label={t('documents.viewer.back')}
          onClick={() => void navigate('/chat_with_pdf')}
        >
          <span className="pdf-viewer-wide">{t('documents.viewer.back')}</span>
        </Button>
      )}
      <Space size={4} align="center">
        <label htmlFor={`page-${fileId}`}>{t('documents.viewer.page')}</label>
        <Input
          id={`page-${fileId}`}
          data-page-input=""
          size="small"
          inputMode="numeric"
          value={pageText}
          status={problem ? 'error' : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `page-${fileId}-error` : undefined}
          onChange={(e) => onPageText(e.target.value)}
          onPressEnter={() => onSubmitPage(false)}
          onBlur={() => onSubmitPage(true)}
          className="pdf-viewer-page-input"
          disabled={!loaded}
        />
        <span>{t('documents.viewer.pageOf', { total })}</span>
      </Space>
      <Space size={4}>
        <Tooltip title={t('documents.viewer.zoomOut')}>
          <Button
            className="pdf-viewer-wide"
            size="small"
            icon={<ZoomOutOutlined />}
            aria-label={t('documents.viewer.zoomOut')}
            disabled={zoom === PDF_ZOOM_STEPS[0]}
            onClick={() => onZoom((z) => stepZoom(z, -1))}
          />
        </Tooltip>
        <Select<ZoomStep>
          size="small"
          value={zoom}
          onChange={onZoom}
          aria-label={t('documents.viewer.zoom')}
          options={PDF_ZOOM_STEPS.map((z) => ({ value: z, label: `${z}%` }))}
          className="pdf-viewer-zoom"
        />
        <Tooltip title={t('documents.viewer.zoomIn')}>
          <Button
            className="pdf-viewer-wide"
            size="small"
            icon={<ZoomInOutlined />}
            aria-label={t('documents.viewer.zoomIn')}
            disabled={zoom === PDF_ZOOM_STEPS[PDF_ZOOM_STEPS.length - 1]}
            onClick={() => onZoom((z) => stepZoom(z, 1))}
          />
        </Tooltip>
      </Space>
      <Tooltip title={t('documents.viewer.rotate')}>
        <Button
          size="small"
          icon={<RotateRightOutlined />}
          aria-label={t('documents.viewer.rotate')}
          onClick={onRotate}
        />
      </Tooltip>
      <Tooltip title={t(fullscreen ? 'documents.viewer.exitFullscreen' : 'documents.viewer.fullscreen')}>
        <Button
          size="small"
          icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          aria-label={t(fullscreen ? 'documents.viewer.exitFullscreen' : 'documents.viewer.fullscreen')}
          aria-pressed={fullscreen}
          onClick={onToggleFullscreen}
        />
      </Tooltip>
      {problem && (
        <Typography.Text id={`page-${fileId}-error`} role="alert" type="danger" className="pdf-viewer-page-error">
          {problem === 'notANumber'
            ? t('documents.viewer.pageNotANumber')
            : t('documents.viewer.pageOutOfRange', { total })}
        </Typography.Text>
      )}
    </Flex>
  );
}
