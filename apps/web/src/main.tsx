import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { Providers } from './app/providers';
import { loadSession } from './lib/auth';
import { installEarlyKeys } from './components/scanner/early-keys';

// Before any screen's code loads: a scan that starts as a screen opens is kept for its field (docs/decisions/275).
installEarlyKeys();
loadSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
