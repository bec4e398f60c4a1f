import '@/styles/components';
import { Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2, IconSearch } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';

import { MenuButton } from './menu-button';

/**
 * The signed-out header's menu on small screens: browse jobs and log in behind a burger. It loads
 * on the button's first press (header.tsx), so it starts open.
 */
export function MobileNavMenu() {
  const [opened, { toggle, close }] = useDisclosure(true);
  // Mantine returns focus to what had it when the menu opened: the button pressed before this
  // loaded, which is gone. This one takes it instead.
  const target = useRef<HTMLButtonElement>(null);
  return (
    // Within the header, not a portal: the open menu stays inside the banner landmark.
    <Menu
      opened={opened}
      onChange={(next) => (next ? toggle() : close())}
      onClose={() => target.current?.focus()}
      returnFocus={false}
      width={220}
      withinPortal={false}
    >
      <Menu.Target>
        <MenuButton ref={target} opened={opened} />
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
