import '@/styles/components';
import { USER_ROLE_LABELS } from '@domain/accounts/constants';
import { Box, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconBuildingHospital,
  IconCreditCard,
  IconLogout,
  IconShieldCheck,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';

import { useLogout } from '@/hooks/use-logout';
import { canManageBilling, canManageFacilityUsers } from '@/lib/authorization';
import { displayName } from '@/stores/session';
import type { CurrentFacilityPermissions } from '@domain/accounts/facility-access';
import type { UserView } from '@domain/accounts/user-view';

import classes from './layout.module.css';
import { UserMenuFace } from './user-menu-face';

export interface AccountMenuItem {
  label: string;
  to: string;
  icon: Icon;
}

/**
 * The dropdown's links for a user, in order (spec part 1 §2 Header, part 2 §2):
 * Admin Dashboard (admins); Facility Profile (facility members) or the applicant's profile;
 * Facility Users and Payments (by permission); Account (everyone but applicants).
 */
export function accountMenuItems(user: UserView, permissions: CurrentFacilityPermissions | null | undefined): AccountMenuItem[] {
  const items: AccountMenuItem[] = [];
  if (user.is_admin) items.push({ label: 'Admin Dashboard', to: '/admin', icon: IconShieldCheck });
  if (user.role === 'facility_admin') {
    items.push({ label: 'Facility Profile', to: '/facility-profile', icon: IconBuildingHospital });
    if (canManageFacilityUsers(permissions)) items.push({ label: 'Facility Users', to: '/facility-users', icon: IconUsers });
    if (canManageBilling(permissions)) items.push({ label: 'Payments', to: '/payment-history', icon: IconCreditCard });
  }
  if (user.role === 'applicant') items.push({ label: 'My Profile', to: '/applicant-profile', icon: IconUserCircle });
  if (user.role !== 'applicant') items.push({ label: 'Account', to: '/user-profile', icon: IconUserCircle });
  return items;
}

/** The subtitle under the name: the facility's name, else the role. */
function subtitle(user: UserView): string {
  if (user.role === 'facility_admin' && user.facility?.name) return user.facility.name;
  return USER_ROLE_LABELS[user.role] ?? user.role;
}

export interface UserMenuProps {
  user: UserView;
  permissions: CurrentFacilityPermissions | null | undefined;
}

export function UserMenu({ user, permissions }: UserMenuProps) {
  // Logging out lives here, not in the header: it brings the toasts, which need not load before the menu.
  const logout = useLogout();
  const name = displayName(user);
  const items = accountMenuItems(user, permissions);
  return (
    // Within the header, not a portal: the open menu stays inside the banner landmark.
    <Menu withinPortal={false}>
      <Menu.Target>
        <UnstyledButton className={classes.userButton}>
          <UserMenuFace user={user} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={8}>
          <Text fz="sm" fw={600} c="gray.9" truncate="end">
            {name}
          </Text>
          <Text fz="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
          <Text fz="xs" c="dimmed" truncate="end">
            {subtitle(user)}
          </Text>
        </Box>
        <Menu.Divider />
        {items.map(({ label, to, icon: ItemIcon }) => (
          <Menu.Item key={to} component={Link} to={to} leftSection={<ItemIcon size={18} stroke={1.75} />}>
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => void logout()} leftSection={<IconLogout size={18} stroke={1.75} />}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
