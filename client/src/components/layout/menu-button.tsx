import type { ComponentPropsWithRef } from 'react';

import classes from './layout.module.css';

type MenuButtonProps = { opened: boolean } & Omit<ComponentPropsWithRef<'button'>, 'children'>;

/** The phone menu's button (drawn like Mantine's Burger): in the header before its menu has loaded, and its target after. */
export function MenuButton({ opened, className, ...props }: MenuButtonProps) {
  return (
    <button
      type="button"
      {...props}
      className={className ? `${classes.menuButton} ${className}` : classes.menuButton}
      aria-label={opened ? 'Close menu' : 'Open menu'}
      aria-expanded={opened}
    >
      <span className={classes.menuLines} aria-hidden />
    </button>
  );
}
