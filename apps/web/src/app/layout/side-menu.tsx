/**
 * The side menu (docs/product.md §2.1). Full width with labels, or on a desktop collapsed to an icon rail whose
 * entries are named by their labels and show them as tooltips. The entry of the current section is
 * highlighted on its form pages too (menu.ts).
 */
import { AppShell, NavLink, ScrollArea, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconCalendarStats,
  IconChartBar,
  IconDatabase,
  IconFileImport,
  IconFridge,
  IconHome,
  IconKey,
  IconRecycle,
  IconSettings,
  IconTruckDelivery,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { usePermissions } from '../../lib/current-user';
import { activeEntry, visibleMenu } from './menu';

const ICONS: Record<string, Icon> = {
  Main: IconHome,
  'Master Data': IconDatabase,
  Dashboard: IconChartBar,
  'End Of Day Sheet': IconCalendarStats,
  'Error Sheet': IconAlertTriangle,
  'Scrap delivery notes': IconRecycle,
  'Transfer delivery notes': IconTruckDelivery,
  'Cooler History': IconFridge,
  Customers: IconBuildingStore,
  Settings: IconSettings,
  Import: IconFileImport,
  Users: IconUsers,
  'API tokens': IconKey,
};

// In the rail the link is the icon alone, centred.
const RAIL_LINK_STYLES = { root: { justifyContent: 'center' }, section: { marginInlineEnd: 0 }, body: { display: 'none' } };

export function SideMenu(props: {
  /** False only for a closed off-canvas menu: it then also leaves the tab order and the a11y tree. */
  opened: boolean;
  /** Icons with tooltips instead of labels (desktop, collapsed). */
  rail: boolean;
  onNavigate: () => void;
}) {
  const permissions = usePermissions();
  const { pathname } = useLocation();
  const current = activeEntry(pathname);
  return (
    <AppShell.Navbar p="xs" id="side-menu" aria-label="Main menu" className="ch-navbar" data-closed={props.opened ? undefined : true}>
      <AppShell.Section grow component={ScrollArea}>
        {visibleMenu(permissions).map((entry) => {
          const active = entry === current;
          const Icon = ICONS[entry.label] ?? IconHome;
          const link = (
            <NavLink
              key={entry.label}
              component={Link}
              to={entry.path.to()}
              label={props.rail ? undefined : entry.label}
              aria-label={props.rail ? entry.label : undefined}
              active={active}
              aria-current={active ? 'page' : undefined}
              leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
              styles={props.rail ? RAIL_LINK_STYLES : undefined}
              onClick={props.onNavigate}
            />
          );
          if (!props.rail) return link;
          return (
            <Tooltip key={entry.label} label={entry.label} position="right" withArrow events={{ hover: true, focus: true, touch: false }}>
              {link}
            </Tooltip>
          );
        })}
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
