import { Box, Container, Group } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';

import { currentUserAtom } from '@/stores/session';
import type { CurrentFacilityPermissions } from '@domain/accounts/facility-access';

import classes from './layout.module.css';
import { Logo } from './logo';
import { MenuButton } from './menu-button';

// The dropdowns (Mantine's Menu with its positioning library) load after the first paint: a
// visitor's first page needs none of it, and the entry bundle stays small.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const loadMobileNavMenu = () => import('./mobile-nav-menu');
const MobileNavMenu = lazy(() => loadMobileNavMenu().then((m) => ({ default: m.MobileNavMenu })));

/**
 * The phone's menu button is there from the first paint; the menu loads when it is first pressed
 * (its download starts when the button is touched or focused), and then opens.
 */
function PhoneMenu() {
  const [wanted, setWanted] = useState(false);
  if (wanted) {
    return (
      <Suspense fallback={<MenuButton opened={false} aria-busy />}>
        <MobileNavMenu />
      </Suspense>
    );
  }
  const prepare = () => void loadMobileNavMenu();
  return <MenuButton opened={false} onPointerDown={prepare} onFocus={prepare} onClick={() => setWanted(true)} />;
}

function SignedOutNav() {
  return (
    <>
      <Group gap="xs" visibleFrom="sm" component="nav" aria-label="Main">
        <NavLink to="/browse" className={classes.navLink}>
          Browse jobs
        </NavLink>
        <Link to="/login" className={classes.actionDefault}>
          Log in
        </Link>
        <Link to="/register" className={classes.action}>
          Sign up
        </Link>
      </Group>
      <Group gap="xs" hiddenFrom="sm">
        <Link to="/register" className={classes.action}>
          Sign up
        </Link>
        <PhoneMenu />
      </Group>
    </>
  );
}

export interface HeaderProps {
  /** The facility member's permission flags (null or undefined for other roles or while loading). */
  permissions?: CurrentFacilityPermissions | null;
  /** Shown beside the account menu when signed in: the notifications bell (the app supplies it, loaded lazily). */
  bell?: ReactNode;
}

/** The product header: logo, then the account menu (signed in) or browse / log in / sign up. */
export function Header({ permissions, bell }: HeaderProps) {
  const user = useAtomValue(currentUserAtom);
  return (
    <header className={classes.header}>
      <Container className={classes.headerInner}>
        <Logo to={user ? '/dashboard' : '/'} label={user ? 'Tenens, go to your dashboard' : 'Tenens home'} />
        {user ? (
          <Group gap="xs" wrap="nowrap">
            {bell}
            <Suspense fallback={<Box h={42} />}>
              <UserMenu user={user} permissions={permissions} />
            </Suspense>
          </Group>
        ) : (
          <SignedOutNav />
        )}
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
            <Link to="/dashboard" className={classes.actionDefault}>
              Go to dashboard
            </Link>
          ) : onLoginPage ? (
            <Link to="/register" className={classes.actionDefault}>
              Create an account
            </Link>
          ) : (
            <Link to="/login" className={classes.actionDefault}>
              <IconLogin2 size={18} stroke={1.75} aria-hidden />
              Log in
            </Link>
          )}
        </Group>
      </Container>
    </header>
  );
}
