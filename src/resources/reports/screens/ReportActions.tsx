import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDelete } from '@refinedev/core';
import { Button, Flex } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  FileExcelOutlined,
  FilePdfOutlined,
  LockOutlined,
  PercentageOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REPORTS_API, type ExportFormat } from '../../../domain/reports/deliveries';
import { isLocked } from '../../../domain/resources/record-rules';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import { saveBlob } from '../../engine/api';
import { toastError, toastSuccess } from '../../engine/errors';
import type { RecordRow } from '../../engine/FieldValue';
import { routeTo } from '../../route-rules';
import { downloadExport, useReportWrite } from './report-calls';
import { SteadyPopconfirm } from '../../../ui/confirm/SteadyPopconfirm';

/**
 * The report's actions: while open, edit, delete, close and the report discount; once closed,
 * only reopen. Both exports always.
 */
export function ReportActions({
  resource,
  report,
  onDiscount,
}: {
  resource: ResourceDeclaration;
  report: RecordRow;
  onDiscount: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = String(report.id);
  const open = !isLocked(resource, report);
  const { write, pending } = useReportWrite(id);
  const remove = useDelete<RecordRow>();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  const setStatus = async (to: 'closed' | 'open') => {
    try {
      await write('patch', to === 'closed' ? REPORTS_API.close : REPORTS_API.reopen, {}, { reportId: id });
      toastSuccess(t(to === 'closed' ? 'reports.toasts.closed' : 'reports.toasts.reopened'));
    } catch (error) {
      toastError(t, error);
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync({ resource: resource.name, id, successNotification: false, errorNotification: false });
      navigate(routeTo(resource.routes.list), { replace: true });
    } catch (error) {
      toastError(t, error);
    }
  };

  const download = async (format: ExportFormat) => {
    setExporting(format);
    try {
      const { blob, filename } = await downloadExport(id, format);
      saveBlob(blob, filename);
      toastSuccess(t('reports.toasts.downloaded', { name: filename }));
    } catch (error) {
      toastError(t, error);
    } finally {
      setExporting(null);
    }
  };

  return (
    <Flex gap={8} wrap>
      {open ? (
        <>
          <Button icon={<EditOutlined aria-hidden />} onClick={() => navigate(routeTo(resource.routes.edit!, id))}>
            {t('reports.actions.edit')}
          </Button>
          <Button icon={<PercentageOutlined aria-hidden />} onClick={onDiscount}>
            {t('reports.actions.reportDiscount')}
          </Button>
          <SteadyPopconfirm
            title={t('reports.actions.closeConfirm')}
            okText={t('reports.actions.close')}
            cancelText={t('reports.actions.cancel')}
            onConfirm={() => setStatus('closed')}
          >
            <Button type="primary" icon={<LockOutlined aria-hidden />} loading={pending}>
              {t('reports.actions.close')}
            </Button>
          </SteadyPopconfirm>
          <SteadyPopconfirm
            title={t('reports.actions.deleteTitle')}
            okText={t('reports.actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('reports.actions.cancel')}
            onConfirm={onDelete}
          >
            <Button danger icon={<DeleteOutlined aria-hidden />} loading={remove.mutation.isPending}>
              {t('reports.actions.delete')}
            </Button>
          </SteadyPopconfirm>
        </>
      ) : (
        <Button icon={<UnlockOutlined aria-hidden />} loading={pending} onClick={() => void setStatus('open')}>
          {t('reports.actions.reopen')}
        </Button>
      )}
      <Button icon={<FilePdfOutlined aria-hidden />} loading={exporting === 'pdf'} onClick={() => void download('pdf')}>
        {t('reports.actions.exportPdf')}
      </Button>
      <Button
        icon={<FileExcelOutlined aria-hidden />}
        loading={exporting === 'csv'}
        onClick={() => void download('csv')}
      >
        {t('reports.actions.exportCsv')}
      </Button>
    </Flex>
  );
}
