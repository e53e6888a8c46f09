import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { TOAST_AUTO_CLOSE_MS } from '../lib/notify';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

/**
 * Mantine's dark 'dimmed' grey (dark-2) reads at about 4.3:1 on the dark body, under WCAG AA's 4.5:1:
 * one shade lighter keeps secondary text secondary and readable. Its error red (red-8) reads at
 * about 3.4:1: red-5 reads at 4.9:1 on an input and 5.6:1 on the body.
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-5)' },
});

/** Dark only: forced here and set on <html> in index.html (no inline script under our CSP). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} forceColorScheme="dark" defaultColorScheme="dark" cssVariablesResolver={cssVariablesResolver}>
          <Notifications
            position="top-right"
            classNames={{ root: 'ch-toasts' }}
            autoClose={TOAST_AUTO_CLOSE_MS}
            withAutoCloseProgress={false}
            zIndex={1000}
          />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
