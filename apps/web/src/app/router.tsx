/** Hash routing (docs/product.md §2.1). Every page but the login screen is a lazy chunk. */
import { Center, Container } from '@mantine/core';
import { Suspense, lazy, type ComponentType } from 'react';
// The first screen most visits show: a lazy chunk would flash the loader before it (decision 070).
import LoginPage from '../features/auth/login-page';
import { HashRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { returnTarget } from '../lib/return-to';
import { useDocumentTitle } from './document-title';
import { AppErrorBoundary } from './error-boundary';
import { RequireAccess, RequireAuth } from './guards';
import { useHeadingFocus } from './layout/heading-focus';
import { PageLoader } from './layout/page-loader';
import { ScrollToTop } from './layout/scroll-to-top';
import { paths, type AppPath } from '../lib/paths';

// The shell (top bar, side menu) is its own chunk: the login screen never loads it.
const AppLayout = lazy(() => import('./layout/app-layout'));
const RecoveryPage = lazy(() => import('../features/password-recovery/recovery-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));

interface AppRoute {
  path: AppPath;
  page: ComponentType;
}

/** Screens inside the shell; access rules come from paths.ts. */
const protectedRoutes: AppRoute[] = [
  { path: paths.main, page: lazy(() => import('../features/receipts/main-page')) },
  { path: paths.receipts, page: lazy(() => import('../features/receipts/receipts-page')) },
  { path: paths.dashboard, page: lazy(() => import('../features/dashboard/dashboard-page')) },
  { path: paths.receiptCreate, page: lazy(() => import('../features/receipts/receipt-create-page')) },
  { path: paths.receiptEdit, page: lazy(() => import('../features/receipts/receipt-edit-page')) },
  { path: paths.receiptRevisions, page: lazy(() => import('../features/receipts/receipt-revisions-page')) },
  { path: paths.endOfDaySheet, page: lazy(() => import('../features/end-of-day/end-of-day-page')) },
  { path: paths.errorSheet, page: lazy(() => import('../features/deliveries/list/error-sheet-list-page')) },
  { path: paths.errorSheetView, page: lazy(() => import('../features/deliveries/edit/error-sheet-view-page')) },
  { path: paths.deliveryListScrap, page: lazy(() => import('../features/deliveries/list/scrap-list-page')) },
  { path: paths.deliveryListTransfer, page: lazy(() => import('../features/deliveries/list/transfer-list-page')) },
  { path: paths.createDn, page: lazy(() => import('../features/deliveries/create/create-delivery-page')) },
  { path: paths.updateDnTransfer, page: lazy(() => import('../features/deliveries/edit/update-transfer-page')) },
  { path: paths.updateScrap, page: lazy(() => import('../features/deliveries/edit/update-scrap-page')) },
  { path: paths.lbTag, page: lazy(() => import('../features/receipts/lb-tag-page')) },
  { path: paths.scanUpdate, page: lazy(() => import('../features/receipts/scan-update-page')) },
  { path: paths.coolersList, page: lazy(() => import('../features/coolers/coolers-page')) },
  { path: paths.coolersCreate, page: lazy(() => import('../features/coolers/cooler-form-page')) },
  { path: paths.coolersEdit, page: lazy(() => import('../features/coolers/cooler-form-page')) },
  { path: paths.coolersRevisions, page: lazy(() => import('../features/coolers/cooler-revisions-page')) },
  { path: paths.cooler, page: lazy(() => import('../features/coolers/cooler-page')) },
  { path: paths.customers, page: lazy(() => import('../features/customers/customers-page')) },
  { path: paths.customerCreate, page: lazy(() => import('../features/customers/customer-form-page')) },
  { path: paths.customerEdit, page: lazy(() => import('../features/customers/customer-form-page')) },
  { path: paths.settings, page: lazy(() => import('../features/settings/settings-page')) },
  { path: paths.ccodeCreate, page: lazy(() => import('../features/settings/cc-code-form-page')) },
  { path: paths.ccodeEdit, page: lazy(() => import('../features/settings/cc-code-form-page')) },
  { path: paths.collectionPointCreate, page: lazy(() => import('../features/settings/collection-point-form-page')) },
  { path: paths.collectionPointEdit, page: lazy(() => import('../features/settings/collection-point-form-page')) },
  { path: paths.scrapReasonCreate, page: lazy(() => import('../features/settings/scrap-reason-form-page')) },
  { path: paths.scrapReasonEdit, page: lazy(() => import('../features/settings/scrap-reason-form-page')) },
  { path: paths.partNumberCreate, page: lazy(() => import('../features/settings/part-number-form-page')) },
  { path: paths.partNumberEdit, page: lazy(() => import('../features/settings/part-number-form-page')) },
  { path: paths.importFile, page: lazy(() => import('../features/import/import-page')) },
  { path: paths.users, page: lazy(() => import('../features/users/users-list-page')) },
  { path: paths.editProfile, page: lazy(() => import('../features/profile/profile-page')) },
];

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
