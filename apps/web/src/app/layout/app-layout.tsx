/**
 * The shell (spec part 1): fixed 56 px top bar, side menu collapsible on desktop and off-canvas on
 * small screens, and the page in the main area.
 */
import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from './page-loader';
import { SideMenu } from './side-menu';
import { TOP_BAR_HEIGHT, TopBar } from './top-bar';

const SIDE_MENU_WIDTH = 250;
const BREAKPOINT = 'sm';

export default function AppLayout({ children }: { children?: ReactNode }) {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const isMobile = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const opened = isMobile ? mobileOpened : desktopOpened;

  return (
    <AppShell
      header={{ height: TOP_BAR_HEIGHT }}
      navbar={{ width: SIDE_MENU_WIDTH, breakpoint: BREAKPOINT, collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <TopBar menuOpened={opened} onToggleMenu={isMobile ? mobile.toggle : desktop.toggle} />
      <SideMenu opened={opened} onNavigate={mobile.close} />
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
