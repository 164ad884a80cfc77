import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Flex, message, Segmented, Spin, Typography } from 'antd';
import { MenuDropdown } from '../../ui/menus/MenuDropdown';
import { useTranslation } from 'react-i18next';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { errorText } from '../../providers/i18n/translate-message';
import { nameKey } from '../../domain/files/rules';
import { FileTreeView, type TreeAction } from './FileTreeView';
import { NameDialog } from './NameDialog';
import { usePolicyDialog } from './PolicyDialog';
import { PreviewPane } from './PreviewPane';
import { Toolbar } from './Toolbar';
import { TrashPanel } from './TrashPanel';
import { childrenByParent, formatBytes, visibleRows } from './tree-model';
import { UploadQueue } from '../../ui/uploads/UploadQueue';
import { useFileActions } from './use-file-actions';
import { useFiles } from './use-files';
import { useSortMode } from './use-sort';
import { useUploads } from './use-uploads';
import { useUploadConflictDialog } from './UploadConflictDialog';
import './files.css';

const MENU_ACTIONS = ['rename', 'duplicate', 'copy', 'cut', 'paste', 'download', 'delete'] as const;

/**
 * file_management (ADMIN: the platform's files; CLUBOWNER: the business's): the tree with its
 * toolbar, keyboard and context menu, uploads by button or drop with a bar and cancel each, a
 * preview of the selected file, the trash with restore, and the space used. Another tab's
 * changes arrive live (use-files.ts).
 */
export default function FilesPage() {
  const { t, i18n } = useTranslation();
  const title = t('pages.file_management');
  useDocumentTitle(title);
  const [messages, messageHolder] = message.useMessage();
  const policy = usePolicyDialog();
  const files = useFiles(policy.ask);
  const [sort, setSort] = useSortMode();
  const [view, setView] = useState<'files' | 'trash'>('files');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [menuOpen, setMenuOpen] = useState(false);
  // Raised when a menu or question opened from the tree has gone (FileTreeView, focusRequest).
  const [focusRequest, setFocusRequest] = useState(0);
  const backToTree = () => setFocusRequest((n) => n + 1);
  const picker = useRef<HTMLInputElement>(null);
  const conflicts = useUploadConflictDialog();
  const uploads = useUploads(
    () => void files.reload(),
    conflicts.ask,
    async (parentId, name) =>
      (await files.fresh())?.nodes.find(
        (n) => n.parentId === parentId && !n.deletedAt && nameKey(n.name) === nameKey(name),
      ),
  );

  const undoKey = 'files-undo';
  const actions = useFileActions(files, {
    info: (content) => void messages.info(content),
    error: (content) => void messages.error(content),
    backToTree,
    undo: (text, ids) =>
      void messages.open({
        key: undoKey,
        type: 'success',
        duration: 10,
        content: (
          <Flex gap="small" align="center" component="span">
            {text}
            <Button
              size="small"
              onClick={() => {
                messages.destroy(undoKey);
                void actions.restore(ids);
              }}
            >
              {t('files.undo')}
            </Button>
          </Flex>
        ),
      }),
  });

  const tree = files.tree;
  const rows = useMemo(() => {
    if (!tree) return [];
    return visibleRows(tree.rootId, childrenByParent(tree.nodes, sort, i18n.language), expanded);
  }, [tree, sort, i18n.language, expanded]);

  const toggle = (id: string, open?: boolean) =>
    setExpanded((set) => {
      const next = new Set(set);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const upload = (folderId: string | null, list: FileList | null) => {
    if (!list?.length || !tree) return;
    const target = folderId ?? tree.rootId;
    if (target !== tree.rootId) toggle(target, true);
    // Names compared as the server does: among the folder's live items, whatever their case.
    const here = new Map(
      tree.nodes.filter((n) => n.parentId === target && !n.deletedAt).map((n) => [nameKey(n.name), n]),
    );
    void uploads.start(target, Array.from(list), (name) => here.get(nameKey(name)));
  };

  // Enter or a double click on a file opens its preview: the pane beside the tree (below it on a
  // phone) is scrolled to and takes the focus, where its Download is the next tab stop. It used to
  // download the file, which a person double-clicking to look at it did not expect; download is
  // the explicit action (the pane's button, the toolbar, the menu). A folder opens in the tree.
  const side = useRef<HTMLDivElement>(null);
  const openPreview = () => {
    const pane = side.current;
    if (!pane) return;
    const top = pane.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 2) pane.scrollIntoView({ block: 'start' });
    pane.focus({ preventScroll: true });
  };

  const onTreeAction = (action: TreeAction) => {
    if (action === 'menu') return setMenuOpen(true);
    if (action === 'open') return openPreview();
    actions.act(action);
  };

  const cutIds = new Set(actions.clipboard?.mode === 'cut' ? actions.clipboard.items.map((i) => i.id) : []);
  const intro = tree
    ? t('files.spaceUsed', { used: formatBytes(tree.usedBytes), trash: formatBytes(tree.trashBytes) })
    : undefined;

  return (
    <PagePanel title={title} intro={intro}>
      {messageHolder}
      {policy.dialog}
      {conflicts.dialog}
      {actions.questionHolder}
      <Segmented
        className="files-views"
        value={view}
        onChange={(v) => setView(v as 'files' | 'trash')}
        options={[
          { value: 'files', label: t('files.filesView') },
          { value: 'trash', label: t('files.trashView', { count: files.trash.length }) },
        ]}
      />
      {files.loadError && <Alert type="error" showIcon message={errorText(t, files.loadError)} />}
      {view === 'trash' ? (
        <TrashPanel entries={files.trash} busy={files.busy} onRestore={(id) => void actions.restore([id])} />
      ) : (
        <>
          <Toolbar
            hasSelection={actions.targets.length > 0}
            single={actions.targets.length === 1}
            canPaste={Boolean(actions.clipboard)}
            busy={files.busy}
            sort={sort}
            onSort={setSort}
            onColor={actions.recolor}
            onAction={(a) => (a === 'upload' ? picker.current?.click() : actions.act(a))}
          />
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            aria-label={t('files.actions.upload')}
            data-testid="files-picker"
            onChange={(e) => {
              upload(actions.folderId, e.target.files);
              e.target.value = '';
            }}
          />
          <UploadQueue items={uploads.queue} onDismiss={uploads.dismiss} />
          <Typography.Paragraph type="secondary" className="files-hint">
            {t('files.keyboardHint')}
          </Typography.Paragraph>
          <div className="files-layout">
            <div
              className="files-tree-pane"
              onDragOver={(e) => e.dataTransfer.types.includes('Files') && e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                upload(actions.folderId, e.dataTransfer.files);
              }}
            >
              {!tree ? (
                <Spin />
              ) : (
                <MenuDropdown
                  open={menuOpen}
                  onOpenChange={(open) => {
                    setMenuOpen(open);
                    if (!open) backToTree();
                  }}
                  trigger={[]}
                  autoFocus
                  menu={{
                    items: MENU_ACTIONS.map((a) => ({
                      key: a,
                      label: t(`files.actions.${a}`),
                      danger: a === 'delete',
                      disabled: a === 'paste' && !actions.clipboard,
                    })),
                    onClick: ({ key }) => {
                      setMenuOpen(false);
                      actions.act(key);
                      backToTree();
                    },
                  }}
                >
                  <div>
                    <FileTreeView
                      rows={rows}
                      activeId={actions.activeId}
                      selected={new Set(actions.selectedIds)}
                      expanded={expanded}
                      cutIds={cutIds}
                      onActive={actions.setActiveId}
                      onSelect={actions.setSelectedIds}
                      onToggle={toggle}
                      onExpand={(ids) => setExpanded((set) => new Set([...set, ...ids]))}
                      onAction={onTreeAction}
                      onDropFiles={(folderId, list) => upload(folderId, list)}
                      focusRequest={focusRequest}
                      onMove={(folderId, ids) => {
                        if (folderId !== tree?.rootId) toggle(folderId, true);
                        actions.move(folderId, ids);
                      }}
                    />
                    {rows.length === 0 && <Typography.Text type="secondary">{t('files.emptyTree')}</Typography.Text>}
                  </div>
                </MenuDropdown>
              )}
              <Typography.Text type="secondary" className="files-drop-hint">
                {t('files.dropHint')}
              </Typography.Text>
            </div>
            <div
              ref={side}
              className="files-side"
              role="region"
              aria-label={t('files.sidePane')}
              tabIndex={-1}
              data-testid="files-side"
            >
              <PreviewPane node={actions.active} onDownload={(n) => void actions.download(n)} />
            </div>
          </div>
        </>
      )}
      <NameDialog
        open={actions.dialog !== null}
        title={t(actions.dialog?.kind === 'rename' ? 'files.renameTitle' : 'files.newFolderTitle')}
        okText={t(actions.dialog?.kind === 'rename' ? 'files.actions.rename' : 'files.create')}
        initial={actions.dialog?.kind === 'rename' ? actions.dialog.node.name : ''}
        onClose={() => actions.setDialog(null)}
        afterClose={backToTree}
        onSave={async (name) => {
          if (actions.dialog?.kind === 'newFolder' && actions.folderId !== tree?.rootId) toggle(actions.folderId, true);
          return actions.saveName(name);
        }}
      />
    </PagePanel>
  );
}
