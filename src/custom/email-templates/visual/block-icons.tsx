import type { ReactNode } from 'react';
import { ColumnWidthOutlined, FontSizeOutlined, LinkOutlined, MinusOutlined, PictureOutlined } from '@ant-design/icons';
import type { BlockType } from '../../../domain/email-templates/blocks';

/** Each block type's icon, on its add button and its row in the list. */
export const BLOCK_ICONS: Record<BlockType, ReactNode> = {
  text: <FontSizeOutlined />,
  image: <PictureOutlined />,
  button: <LinkOutlined />,
  divider: <MinusOutlined />,
  columns: <ColumnWidthOutlined />,
};
