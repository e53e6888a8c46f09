/**
 * The shell (docs/product.md §1): fixed 56 px top bar, side menu and the page in the main area. On a
 * desktop the menu collapses to an icon rail (remembered in localStorage) rather than vanishing; on
 * small screens it is an off-canvas menu.
 */
import { AppShell } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from './page-loader';
import { SideMenu } from './side-menu';
import { TOP_BAR_HEIGHT, TopBar, type MenuToggle } from './top-bar';

const SIDE_MENU_WIDTH = 250;
const RAIL_WIDTH = 64;
const BREAKPOINT = 'sm';
export const RAIL_STORAGE_KEY = 'side-menu-rail';

export default function AppLayout({ children }: { children?: ReactNode }) {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [rail, setRail] = useLocalStorage<boolean>({ key: RAIL_STORAGE_KEY, defaultValue: false, getInitialValueInEffect: false });
  const isMobile = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  const menuToggle: MenuToggle = isMobile
    ? { kind: 'off-canvas', expanded: mobileOpened, onToggle: mobile.toggle }
    : { kind: 'rail', expanded: !rail, onToggle: () => setRail((r) => !r) };

  return (
    <AppShell
      header={{ height: TOP_BAR_HEIGHT }}
      navbar={{
        width: { base: SIDE_MENU_WIDTH, [BREAKPOINT]: rail ? RAIL_WIDTH : SIDE_MENU_WIDTH },
        breakpoint: BREAKPOINT,
        collapsed: { mobile: !mobileOpened, desktop: false },
      }}
      padding="md"
    >
      <TopBar menuToggle={menuToggle} />
      <SideMenu opened={!isMobile || mobileOpened} rail={!isMobile && rail} onNavigate={mobile.close} />
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
