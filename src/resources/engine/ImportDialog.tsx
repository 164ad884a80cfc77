import { useState } from 'react';
import { Alert, Button, Flex, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { translateMessage } from '../../providers/i18n/translate-message';
import { importCsv, type ImportPreview, type ImportProblem, type ImportResult } from './api';
import { errorText } from './errors';
import { renderFieldValue, type RecordRow } from './FieldValue';
import { fieldLabel } from './labels';
import './engine.css';
import { useClock } from '../../ui/venue/use-clock';

/**
 * CSV import in three steps: pick a file → the server's dry run (nothing written) lists every
 * bad row with its line number and reason and previews the valid ones → Confirm imports the
 * valid rows in one transaction → a summary.
 */
export default function ImportDialog({
  resource,
  onClose,
}: {
  resource: ResourceDeclaration;
  onClose: (imported: boolean) => void;
}) {
  const { t } = useTranslation();
  const clock = useClock();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const call = async <T,>(run: () => Promise<T>, done: (value: T) => void) => {
    setBusy(true);
    setError(null);
    try {
      done(await run());
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  const check = () => file && call(() => importCsv<ImportPreview>(resource, file, false), setPreview);
  const confirm = () => file && call(() => importCsv<ImportResult>(resource, file, true), setResult);

  const problems = (rows: ImportProblem[]) => (
    <Table<ImportProblem>
      size="small"
      rowKey={(row) => `${row.line}-${row.field}`}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      columns={[
        { key: 'line', title: t('resourceEngine.import.line'), dataIndex: 'line', width: 80 },
        {
          key: 'field',
          title: t('resourceEngine.import.field'),
          dataIndex: 'field',
          render: (field: string) => (field && resource.fields[field] ? fieldLabel(t, resource, field) : field),
        },
        {
          key: 'message',
          title: t('resourceEngine.import.reason'),
          dataIndex: 'message',
          render: (text: string) => translateMessage(t, text),
        },
      ]}
    />
  );

  const previewColumns = Object.keys(preview?.preview[0] ?? {})
    .filter((key) => resource.fields[key])
    .map((key) => ({
      key,
      title: fieldLabel(t, resource, key),
      render: (_: unknown, row: RecordRow) => renderFieldValue(t, clock, resource, key, resource.fields[key], row),
    }));

  const footer = result ? (
    <Button type="primary" onClick={() => onClose(result.imported > 0)}>
      {t('resourceEngine.import.close')}
    </Button>
  ) : preview ? (
    <Flex gap={8} justify="end" wrap>
      <Button onClick={() => onClose(false)}>{t('resourceEngine.cancel')}</Button>
      <Button type="primary" disabled={preview.valid === 0} loading={busy} onClick={confirm}>
        {t('resourceEngine.import.confirm', { count: preview.valid })}
      </Button>
    </Flex>
  ) : (
    <Flex gap={8} justify="end" wrap>
      <Button onClick={() => onClose(false)}>{t('resourceEngine.cancel')}</Button>
      <Button type="primary" disabled={!file} loading={busy} onClick={check}>
        {t('resourceEngine.import.check')}
      </Button>
    </Flex>
  );

  return (
    <Modal
      open
      title={t('resourceEngine.import.title')}
      onCancel={() => onClose(!!result?.imported)}
      footer={footer}
      width={760}
    >
      <Flex vertical gap={12}>
        {error && <Alert type="error" showIcon message={error} />}
        {!preview && !result && (
          <label className="engine-import-pick">
            <span>{t('resourceEngine.import.pick')}</span>
            <input type="file" accept=".csv,text/csv" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
            <span className="engine-import-hint">
              {/* The columns as the list titles them, as an export heads them (the keys are read too). */}
              {t('resourceEngine.import.hint', {
                columns: Object.keys(resource.fields)
                  .map((field) => fieldLabel(t, resource, field))
                  .join(', '),
              })}
            </span>
          </label>
        )}
        {preview && !result && (
          <>
            <Alert
              type={preview.invalid.length ? 'warning' : 'success'}
              showIcon
              message={t('resourceEngine.import.summary', {
                total: preview.total,
                valid: preview.valid,
                invalid: preview.invalid.length,
              })}
            />
            {preview.invalid.length > 0 && problems(preview.invalid)}
            {preview.preview.length > 0 && (
              <>
                <strong>{t('resourceEngine.import.previewTitle')}</strong>
                <Table<RecordRow>
                  size="small"
                  rowKey={(_, index) => String(index)}
                  pagination={false}
                  scroll={{ x: 'max-content', y: 240 }}
                  dataSource={preview.preview.map((row, index) => ({ id: String(index), ...row }))}
                  columns={previewColumns}
                />
              </>
            )}
          </>
        )}
        {result && (
          <>
            <Alert
              type="success"
              showIcon
              message={t('resourceEngine.import.done', { imported: result.imported, skipped: result.skipped })}
            />
            {result.invalid.length > 0 && problems(result.invalid)}
          </>
        )}
      </Flex>
    </Modal>
  );
}
