import { AppShell, Avatar, Burger, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserEdit } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useCurrentUser, useSignOut } from '../../lib/current-user';
import { paths } from '../../lib/paths';

export const TOP_BAR_HEIGHT = 56;

export function TopBar({ menuOpened, onToggleMenu }: { menuOpened: boolean; onToggleMenu: () => void }) {
  const auth = useAuth();
  const profile = useCurrentUser();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const username = profile.data?.username ?? (auth.status === 'authenticated' ? auth.payload.username : '');
  const avatar = profile.data?.avatar ?? null;

  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger opened={menuOpened} onClick={onToggleMenu} size="sm" aria-label="Toggle navigation" aria-expanded={menuOpened} />
          <Text component={Link} to={paths.main.to()} fw={700} fz="lg" style={{ textDecoration: 'none', color: 'inherit' }}>
            Cooler Hub
          </Text>
        </Group>
        <Menu position="bottom-end" width={200} withinPortal>
          <Menu.Target>
            <UnstyledButton data-testid="user-menu" aria-label={username} style={{ borderRadius: 'var(--mantine-radius-sm)' }} px={6} py={4}>
              <Group gap="xs" wrap="nowrap">
                <Avatar src={avatar} alt="" size={32} radius="xl" name={username} color="initials" data-testid="user-avatar" />
                <Text size="sm" fw={500} data-testid="user-name">
                  {username}
                </Text>
                <IconChevronDown size={14} aria-hidden />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconUserEdit size={16} aria-hidden />} onClick={() => void navigate(paths.editProfile.to())}>
              Edit profile
            </Menu.Item>
            <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} color="red" onClick={signOut}>
              Sign Out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </AppShell.Header>
  );
}
