import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { loadLoggedInApp, tidyPastedAddress } from './custom/routes';
import { loadLoginPage } from './custom/auth';
import { registerServiceWorker } from './custom/register-service-worker';
import { initI18n } from './providers/i18n/i18n';
import { getStoredUser } from './providers/session';
import './custom/styles.css';

// Before anything reads the address: a pasted link's line break or trailing space drops out.
tidyPastedAddress();

// Fetch the translations and the first screen's code in parallel, not one after the other.
void initI18n();
const firstScreen = getStoredUser()
  ? loadLoggedInApp()
  : ['/', '/login'].includes(window.location.pathname)
    ? loadLoginPage()
    : null;
void firstScreen?.catch(() => undefined);

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
