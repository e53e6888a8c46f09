import { AppShell, NavLink, ScrollArea } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconCalendarStats,
  IconDatabase,
  IconFridge,
  IconHome,
  IconRecycle,
  IconSettings,
  IconTruckDelivery,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { usePermissions } from '../../lib/current-user';
import { visibleMenu } from './menu';

const ICONS: Record<string, Icon> = {
  Main: IconHome,
  'Master Data': IconDatabase,
  'End Of Day Sheet': IconCalendarStats,
  'Error Sheet': IconAlertTriangle,
  'Scrap delivery notes': IconRecycle,
  'Transfer delivery notes': IconTruckDelivery,
  'Cooler History': IconFridge,
  Customers: IconBuildingStore,
  Settings: IconSettings,
  Users: IconUsers,
};

function isActive(pathname: string, target: string) {
  return pathname === target || pathname.startsWith(`${target}/`);
}

export function SideMenu({ opened, onNavigate }: { opened: boolean; onNavigate: () => void }) {
  const permissions = usePermissions();
  const { pathname } = useLocation();
  return (
    // When collapsed (off-canvas), the menu is also hidden from focus and screen readers.
    <AppShell.Navbar p="xs" aria-label="Main menu" className="ch-navbar" data-closed={opened ? undefined : true}>
      <AppShell.Section grow component={ScrollArea}>
        {visibleMenu(permissions).map((entry) => {
          const to = entry.path.to();
          const active = isActive(pathname, to);
          const Icon = ICONS[entry.label] ?? IconHome;
          return (
            <NavLink
              key={to}
              component={Link}
              to={to}
              label={entry.label}
              active={active}
              aria-current={active ? 'page' : undefined}
              leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
              onClick={onNavigate}
            />
          );
        })}
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
