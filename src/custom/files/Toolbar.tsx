import { Button, Flex, Tooltip } from 'antd';
import { Select } from '../../ui/forms/Select';
import { MenuDropdown } from '../../ui/menus/MenuDropdown';
import {
  BgColorsOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FolderAddOutlined,
  ScissorOutlined,
  SnippetsOutlined,
  UploadOutlined,
  BlockOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FOLDER_PALETTE, type PaletteName } from '../../domain/files/rules';
import { SORT_MODES, type SortMode } from '../../domain/files/sort';

export type ToolAction =
  | 'newFolder'
  | 'upload'
  | 'rename'
  | 'duplicate'
  | 'copy'
  | 'cut'
  | 'paste'
  | 'delete'
  | 'download';

/** The toolbar: every operation of the brief, named (with its shortcut in the tooltip). */
export function Toolbar(props: {
  hasSelection: boolean;
  single: boolean;
  canPaste: boolean;
  busy: boolean;
  sort: SortMode;
  onSort: (mode: SortMode) => void;
  onAction: (action: ToolAction) => void;
  onColor: (name: PaletteName) => void;
}) {
  const { t } = useTranslation();
  const button = (action: ToolAction, icon: React.ReactNode, disabled: boolean, shortcut?: string, danger = false) => (
    <Tooltip title={shortcut ? `${t(`files.actions.${action}`)} (${shortcut})` : undefined}>
      <Button icon={icon} disabled={disabled || props.busy} danger={danger} onClick={() => props.onAction(action)}>
        {t(`files.actions.${action}`)}
      </Button>
    </Tooltip>
  );
  const none = !props.hasSelection;
  return (
    <Flex wrap gap="small" className="files-toolbar" role="toolbar" aria-label={t('files.toolbar')}>
      {button('newFolder', <FolderAddOutlined />, false)}
      {button('upload', <UploadOutlined />, false)}
      {button('rename', <EditOutlined />, !props.single, 'F2')}
      <MenuDropdown
        disabled={none || props.busy}
        menu={{
          items: (Object.keys(FOLDER_PALETTE) as PaletteName[]).map((name) => ({
            key: name,
            label: (
              <Flex gap="small" align="center">
                <span className={`files-swatch files-bg-${name}`} aria-hidden />
                {t(`files.colors.${name}`)}
              </Flex>
            ),
          })),
          onClick: ({ key }) => props.onColor(key as PaletteName),
        }}
      >
        <Button icon={<BgColorsOutlined />} disabled={none || props.busy}>
          {t('files.actions.color')}
        </Button>
      </MenuDropdown>
      {button('duplicate', <BlockOutlined />, none)}
      {button('copy', <CopyOutlined />, none, 'Ctrl+C')}
      {button('cut', <ScissorOutlined />, none, 'Ctrl+X')}
      {button('paste', <SnippetsOutlined />, !props.canPaste, 'Ctrl+V')}
      {button('download', <DownloadOutlined />, !props.single)}
      {button('delete', <DeleteOutlined />, none, 'Delete', true)}
      <Select<SortMode>
        className="files-sort"
        aria-label={t('files.sortLabel')}
        value={props.sort}
        onChange={props.onSort}
        options={SORT_MODES.map((mode) => ({ value: mode, label: t(`files.sort.${mode}`) }))}
      />
    </Flex>
  );
}
