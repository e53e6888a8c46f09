/** Hash routing (docs/product.md §2.1). Every page but the login screen is a lazy chunk. */
import { Center, Container } from '@mantine/core';
import { Suspense, lazy } from 'react';
// The first screen most visits show: a lazy chunk would flash the loader before it (decision 070).
import LoginPage from '../features/auth/login-page';
import { HashRouter, Navigate, Route, Routes, matchPath, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { returnTarget } from '../lib/return-to';
import { AppUpdate } from './app-update';
import { useDocumentTitle } from './document-title';
import { hasStoredToken, lazyPage, setOpeningScreen, type LazyPage } from './lazy-page';
import { AppErrorBoundary } from './error-boundary';
import { RequireAccess, RequireAuth } from './guards';
import { useHeadingFocus } from './layout/heading-focus';
import { PageLoader } from './layout/page-loader';
import { ScrollToTop } from './layout/scroll-to-top';
import { paths, type AppPath } from '../lib/paths';

// The shell (top bar, side menu) is its own chunk: the login screen never loads it.
const loadLayout = () => import('./layout/app-layout');
const AppLayout = lazy(loadLayout);
const RecoveryPage = lazy(() => import('../features/password-recovery/recovery-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));

interface AppRoute {
  path: AppPath;
  page: LazyPage;
}

/** Screens inside the shell; access rules come from paths.ts. */
const protectedRoutes: AppRoute[] = [
  { path: paths.main, page: lazyPage(() => import('../features/receipts/main/main-page')) },
  { path: paths.receipts, page: lazyPage(() => import('../features/receipts/list/receipts-page')) },
  { path: paths.dashboard, page: lazyPage(() => import('../features/dashboard/dashboard-page')) },
  { path: paths.receiptCreate, page: lazyPage(() => import('../features/receipts/create/receipt-create-page')) },
  { path: paths.receiptEdit, page: lazyPage(() => import('../features/receipts/edit/receipt-edit-page')) },
  { path: paths.receiptRevisions, page: lazyPage(() => import('../features/receipts/edit/receipt-revisions-page')) },
  { path: paths.endOfDaySheet, page: lazyPage(() => import('../features/end-of-day/end-of-day-page')) },
  { path: paths.errorSheet, page: lazyPage(() => import('../features/deliveries/list/error-sheet-list-page')) },
  { path: paths.errorSheetView, page: lazyPage(() => import('../features/deliveries/edit/error-sheet-view-page')) },
  { path: paths.deliveryListScrap, page: lazyPage(() => import('../features/deliveries/list/scrap-list-page')) },
  { path: paths.deliveryListTransfer, page: lazyPage(() => import('../features/deliveries/list/transfer-list-page')) },
  { path: paths.createDn, page: lazyPage(() => import('../features/deliveries/create/create-delivery-page')) },
  { path: paths.updateDnTransfer, page: lazyPage(() => import('../features/deliveries/edit/update-transfer-page')) },
  { path: paths.updateScrap, page: lazyPage(() => import('../features/deliveries/edit/update-scrap-page')) },
  { path: paths.lbTag, page: lazyPage(() => import('../features/receipts/lb-tag/lb-tag-page')) },
  { path: paths.scanUpdate, page: lazyPage(() => import('../features/receipts/lb-tag/scan-update-page')) },
  { path: paths.coolersList, page: lazyPage(() => import('../features/coolers/coolers-page')) },
  { path: paths.coolersCreate, page: lazyPage(() => import('../features/coolers/cooler-form-page')) },
  { path: paths.coolersEdit, page: lazyPage(() => import('../features/coolers/cooler-form-page')) },
  { path: paths.coolersRevisions, page: lazyPage(() => import('../features/coolers/cooler-revisions-page')) },
  { path: paths.cooler, page: lazyPage(() => import('../features/coolers/cooler-page')) },
  { path: paths.customers, page: lazyPage(() => import('../features/customers/customers-page')) },
  { path: paths.customerCreate, page: lazyPage(() => import('../features/customers/customer-form-page')) },
  { path: paths.customerEdit, page: lazyPage(() => import('../features/customers/customer-form-page')) },
  { path: paths.settings, page: lazyPage(() => import('../features/settings/settings-page')) },
  { path: paths.ccodeCreate, page: lazyPage(() => import('../features/settings/cc-code-form-page')) },
  { path: paths.ccodeEdit, page: lazyPage(() => import('../features/settings/cc-code-form-page')) },
  { path: paths.collectionPointCreate, page: lazyPage(() => import('../features/settings/collection-point-form-page')) },
  { path: paths.collectionPointEdit, page: lazyPage(() => import('../features/settings/collection-point-form-page')) },
  { path: paths.scrapReasonCreate, page: lazyPage(() => import('../features/settings/scrap-reason-form-page')) },
  { path: paths.scrapReasonEdit, page: lazyPage(() => import('../features/settings/scrap-reason-form-page')) },
  { path: paths.partNumberCreate, page: lazyPage(() => import('../features/settings/part-number-form-page')) },
  { path: paths.partNumberEdit, page: lazyPage(() => import('../features/settings/part-number-form-page')) },
  { path: paths.webhookCreate, page: lazyPage(() => import('../features/webhooks/webhook-create-page')) },
  { path: paths.webhook, page: lazyPage(() => import('../features/webhooks/webhook-page')) },
  { path: paths.printerCreate, page: lazyPage(() => import('../features/printers/printer-form-page')) },
  { path: paths.printerEdit, page: lazyPage(() => import('../features/printers/printer-form-page')) },
  { path: paths.importFile, page: lazyPage(() => import('../features/import/import-page')) },
  { path: paths.users, page: lazyPage(() => import('../features/users/users-list-page')) },
  { path: paths.editProfile, page: lazyPage(() => import('../features/profile/profile-page')) },
  { path: paths.myApiTokens, page: lazyPage(() => import('../features/api-tokens/my-api-tokens-page')) },
  { path: paths.apiTokens, page: lazyPage(() => import('../features/api-tokens/api-tokens-page')) },
  { path: paths.outbox, page: lazyPage(() => import('../features/outbox/outbox-page')) },
];

/**
 * A signed-in load of a screen fetches the shell's chunk and the screen's (with everything they
 * import) at once, as the entry starts, instead of one after the other as React reaches each lazy
 * component (docs/decisions/268). Nothing is fetched for the login screen.
 */
function preloadOpeningScreen() {
  if (typeof window === 'undefined' || !hasStoredToken()) return;
  const pathname = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  const route = protectedRoutes.find(({ path }) => matchPath(path.pattern, pathname));
  if (!route && pathname !== '/') return;
  // A failure is left to the lazy component, which loads it again and shows its own error.
  setOpeningScreen(Promise.allSettled([loadLayout(), (route ?? protectedRoutes[0])?.page.load()]));
}
preloadOpeningScreen();

/** What every route change does besides drawing the screen: the tab title and the focus. */
function RouteEffects() {
  useDocumentTitle();
  useHeadingFocus();
  return null;
}

/** A screen outside the shell (login, recovery, 404 signed out): the page is its main landmark. */
function PublicScreen({ children }: { children: React.ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md">
      <Container size={440} w="100%">
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </Container>
    </Center>
  );
}

/**
 * /login for visitors; a signed-in user is sent on to the address they had asked for, else / (→ /main).
 * This also runs the moment sign-in stores the token, so it must agree with the login page.
 */
function LoginRoute() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'authenticated') return <Navigate to={returnTarget(location.state)} replace />;
  return (
    <PublicScreen>
      <LoginPage />
    </PublicScreen>
  );
}

/** /404 inside the shell for a signed-in user, on its own otherwise. */
function NotFoundRoute() {
  const auth = useAuth();
  if (auth.status === 'authenticated') {
    return (
      <Suspense fallback={<PageLoader />}>
        <AppLayout>
          <NotFoundPage signedIn />
        </AppLayout>
      </Suspense>
    );
  }
  return (
    <PublicScreen>
      <NotFoundPage signedIn={false} />
    </PublicScreen>
  );
}

export function AppRouter() {
  return (
    <HashRouter>
      <ScrollToTop />
      <RouteEffects />
      <AppUpdate />
      <AppErrorBoundary>
        <Routes>
          <Route path={paths.login.pattern} element={<LoginRoute />} />
          <Route
            path={paths.recovery.pattern}
            element={
              <PublicScreen>
                <RecoveryPage />
              </PublicScreen>
            }
          />
          <Route path={paths.notFound.pattern} element={<NotFoundRoute />} />
          <Route
            element={
              <RequireAuth>
                <Suspense fallback={<PageLoader />}>
                  <AppLayout />
                </Suspense>
              </RequireAuth>
            }
          >
            <Route index element={<Navigate to={paths.main.to()} replace />} />
            {protectedRoutes.map(({ path, page: Page }) => (
              <Route
                key={path.pattern}
                path={path.pattern}
                element={
                  <RequireAccess access={path.access}>
                    <Page />
                  </RequireAccess>
                }
              />
            ))}
          </Route>
          <Route path="*" element={<Navigate to={paths.notFound.to()} replace />} />
        </Routes>
      </AppErrorBoundary>
    </HashRouter>
  );
}
