/**
 * The fixed 56 px top bar (docs/product.md §1): the menu toggle, the app name, the search box
 * (docs/decisions/249) and the user menu (Edit profile, the language, Sign Out). On a phone the app
 * name and the user's name give their width to the search box. On a desktop the toggle collapses
 * the side menu to an icon rail and back; on a phone it opens and closes the off-canvas menu. Its
 * icon and name say which.
 */
import { ActionIcon, AppShell, Avatar, Burger, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout, IconUserEdit } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useCurrentUser, useSignOut } from '../../lib/current-user';
import { LANGUAGES, setLanguage, useLanguage } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { OutboxBadge } from '../../features/outbox/outbox-badge';
import { useSignOutWarning } from '../../features/outbox/sign-out-warning';
import { TopBarSearch } from '../search/top-bar-search';

export const TOP_BAR_HEIGHT = 56;

export interface MenuToggle {
  /** Phone: the off-canvas menu; desktop: the rail. */
  kind: 'off-canvas' | 'rail';
  /** Off-canvas: shown; rail: labels shown (not collapsed to icons). */
  expanded: boolean;
  onToggle: () => void;
}

function MenuToggleButton({ kind, expanded, onToggle }: MenuToggle) {
  const { t } = useTranslation();
  if (kind === 'off-canvas') {
    const label = expanded ? t('shell.closeMenu') : t('shell.openMenu');
    return <Burger opened={expanded} onClick={onToggle} size="sm" aria-label={label} aria-expanded={expanded} aria-controls="side-menu" />;
  }
  const label = expanded ? t('shell.collapseMenu') : t('shell.expandMenu');
  const Icon = expanded ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" onClick={onToggle} aria-label={label} title={label} aria-controls="side-menu">
      <Icon size={22} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}

function UserMenu() {
  const auth = useAuth();
  const profile = useCurrentUser();
  const navigate = useNavigate();
  const signOut = useSignOutWarning(useSignOut());
  const { t } = useTranslation();
  const language = useLanguage();
  const languageLabelId = useId();
  const username = profile.data?.username ?? (auth.status === 'authenticated' ? auth.payload.username : '');
  const avatar = profile.data?.avatar ?? null;

  return (
    // No focus placeholder: inside role=menu only menu items may sit (axe aria-required-children).
    // Not portalled: the dropdown stays inside the banner landmark, like the button that opens it.
    <>
      <Menu position="bottom-end" width={200} withinPortal={false} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          {/* Named by the user name it shows; the avatar's initials would only repeat it. */}
          <UnstyledButton data-testid="user-menu" style={{ borderRadius: 'var(--mantine-radius-sm)' }} px={6} py={4}>
            <Group gap="xs" wrap="nowrap">
              <Avatar src={avatar} alt="" size={32} radius="xl" name={username} color="initials" data-testid="user-avatar" aria-hidden />
              {/* On a phone the avatar alone shows (the bar's width goes to the search box); the name still names the button. */}
              <Text size="sm" fw={500} data-testid="user-name" truncate maw={240} visibleFrom="sm">
                {username}
              </Text>
              <VisuallyHidden hiddenFrom="sm">{username}</VisuallyHidden>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUserEdit size={16} aria-hidden />} onClick={() => void navigate(paths.editProfile.to())}>
            Edit profile
          </Menu.Item>
          <Menu.Divider role="separator" />
          <div role="group" aria-labelledby={languageLabelId}>
            <Menu.Label id={languageLabelId}>{t('shell.language')}</Menu.Label>
            {LANGUAGES.map((l) => (
              <Menu.RadioItem key={l.code} value={l.code} checked={language === l.code} onChange={() => setLanguage(l.code)} lang={l.code}>
                {l.name}
              </Menu.RadioItem>
            ))}
          </div>
          <Menu.Divider role="separator" />
          {/* red.4 (5.9:1 on the dropdown), not Mantine's red item colour (4.13:1, under WCAG AA's 4.5:1). */}
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} c="red.4" onClick={signOut.request}>
            Sign Out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {signOut.warning}
    </>
  );
}

export function TopBar({ menuToggle }: { menuToggle: MenuToggle }) {
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <MenuToggleButton {...menuToggle} />
          <Text
            component={Link}
            to={paths.main.to()}
            fw={700}
            fz="lg"
            style={{ textDecoration: 'none', color: 'inherit' }}
            visibleFrom="sm"
          >
            Cooler Hub
          </Text>
        </Group>
        <TopBarSearch />
        <Group gap="xs" wrap="nowrap">
          <OutboxBadge />
          <UserMenu />
        </Group>
      </Group>
    </AppShell.Header>
  );
}
