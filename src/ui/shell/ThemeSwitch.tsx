import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../providers/theme/theme-mode';
import { ChoiceGroup } from './ChoiceGroup';

/** Light / dark / system as a radio group named "Theme" (radios "Light", "Dark", "System"). */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { mode, setMode } = useThemeMode();
  return (
    <ChoiceGroup
      label={t('theme.label')}
      value={mode}
      onChange={setMode}
      choices={[
        { value: 'light', name: t('theme.light'), display: <SunOutlined /> },
        { value: 'dark', name: t('theme.dark'), display: <MoonOutlined /> },
        { value: 'system', name: t('theme.system'), display: <DesktopOutlined /> },
      ]}
    />
  );
}
