import { useState } from 'react';
import { Alert, Button } from 'antd';
import { FacebookFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../providers/i18n/translate-message';
import { useFacebookWrites } from './facebook-api';

/** Sends the owner to Facebook's login dialog (the server signs the address); a refusal is shown beside it. */
export function ConnectButton({ label, primary = true }: { label: string; primary?: boolean }) {
  const { t } = useTranslation();
  const { connect } = useFacebookWrites();
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const go = async () => {
    setFailure(null);
    setLeaving(true);
    try {
      window.location.assign(await connect());
    } catch (error) {
      setFailure(errorText(t, error));
      setLeaving(false);
    }
  };
  return (
    <div className="facebook-connect">
      <Button
        type={primary ? 'primary' : 'default'}
        icon={<FacebookFilled />}
        loading={leaving}
        onClick={() => void go()}
      >
        {label}
      </Button>
      {failure && <Alert type="error" showIcon message={failure} className="facebook-failure" />}
    </div>
  );
}
