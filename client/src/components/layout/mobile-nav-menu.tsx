import '@/styles/components';
import { Burger, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The signed-out header's menu on small screens: browse jobs and log in behind a burger. */
export function MobileNavMenu() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    // Within the header, not a portal: the open menu stays inside the banner landmark.
    <Menu opened={opened} onChange={(next) => (next ? toggle() : close())} width={220} withinPortal={false}>
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
  );
}
