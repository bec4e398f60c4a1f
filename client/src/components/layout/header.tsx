import { Burger, Button, Container, Group, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2, IconSearch } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Link, NavLink } from 'react-router';

import { useLogout } from '@/hooks/use-logout';
import { currentUserAtom } from '@/stores/session';
import type { CurrentFacilityPermissions } from '@domain/accounts/facility-permissions';

import classes from './layout.module.css';
import { Logo } from './logo';
import { UserMenu } from './user-menu';

function SignedOutNav() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <>
      <Group gap="xs" visibleFrom="sm" component="nav" aria-label="Main">
        <NavLink to="/browse" className={classes.navLink}>
          Browse jobs
        </NavLink>
        <Button component={Link} to="/login" variant="default">
          Log in
        </Button>
        <Button component={Link} to="/register">
          Sign up
        </Button>
      </Group>
      <Group gap="xs" hiddenFrom="sm">
        <Button component={Link} to="/register" size="sm">
          Sign up
        </Button>
        <Menu opened={opened} onChange={(next) => (next ? toggle() : close())} width={220}>
          <Menu.Target>
            <Burger opened={opened} size="sm" aria-label={opened ? 'Close menu' : 'Open menu'} />
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to="/browse" leftSection={<IconSearch size={18} stroke={1.75} />}>
              Browse jobs
            </Menu.Item>
            <Menu.Item component={Link} to="/login" leftSection={<IconLogin2 size={18} stroke={1.75} />}>
              Log in
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </>
  );
}

export interface HeaderProps {
  /** The facility member's permission flags (null or undefined for other roles or while loading). */
  permissions?: CurrentFacilityPermissions | null;
}

/** The product header: logo, then the account menu (signed in) or browse / log in / sign up. */
export function Header({ permissions }: HeaderProps) {
  const user = useAtomValue(currentUserAtom);
  const logout = useLogout();
  return (
    <header className={classes.header}>
      <Container className={classes.headerInner}>
        <Logo to={user ? '/dashboard' : '/'} label={user ? 'Tenens, go to your dashboard' : 'Tenens home'} />
        {user ? <UserMenu user={user} permissions={permissions} onLogout={() => void logout()} /> : <SignedOutNav />}
      </Container>
    </header>
  );
}

/** The slim shell header of public pages (legal, sign-in): logo to / and a login link. */
export function PublicHeader({ signedIn, onLoginPage }: { signedIn: boolean; onLoginPage: boolean }) {
  return (
    <header className={classes.header}>
      <Container className={classes.headerInner}>
        <Logo to="/" />
        <Group gap="xs" component="nav" aria-label="Account">
          {signedIn ? (
            <Button component={Link} to="/dashboard" variant="default">
              Go to dashboard
            </Button>
          ) : onLoginPage ? (
            <Button component={Link} to="/register" variant="default">
              Create an account
            </Button>
          ) : (
            <Button component={Link} to="/login" variant="default" leftSection={<IconLogin2 size={18} stroke={1.75} />}>
              Log in
            </Button>
          )}
        </Group>
      </Container>
    </header>
  );
}
