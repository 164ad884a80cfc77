import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * Document chat (server side in server/modules/documents): chat_with_pdf lists the business's
 * PDFs, chat_with_pdf/{fileId} shows the viewer beside the chat, chat_with_pdf/all asks all of them. Roles from the brief's matrix
 * (TRUCKER, CLUBOWNER). The brief's sidebars do not link it, so the area adds the link for them.
 */
const documents: AreaManifest = {
  name: 'documents',
  routes: [
    { path: 'chat_with_pdf', page: lazy(() => import('./DocumentsPage')) },
    { path: 'chat_with_pdf/all', page: lazy(() => import('./AllDocumentsChatPage')) },
    { path: 'chat_with_pdf/:fileId', page: lazy(() => import('./DocumentChatPage')) },
  ],
  sidebar: [{ key: 'documents', path: '/chat_with_pdf', icon: 'book', roles: ['TRUCKER', 'CLUBOWNER'] }],
};
export default documents;
