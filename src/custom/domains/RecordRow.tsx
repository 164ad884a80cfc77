import type { ReactNode } from 'react';
import { CopyValue } from './CopyValue';

/** One labelled value of a record (host, value) with its copy button. */
export function RecordRow({
  label,
  value,
  copyLabel,
  children,
}: {
  label: string;
  value: string;
  copyLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className="domains-row">
      <span>{label}</span>
      <div>
        <p className="domains-value">{value}</p>
        {children}
      </div>
      <CopyValue text={value} label={copyLabel} />
    </div>
  );
}
