import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

import classes from './layout.module.css';
import { VersionLabel } from './version-label';

export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container>
        <Group justify="space-between" gap="sm">
          <Text fz="sm" c="dimmed">
            © {new Date().getFullYear()} Tenens. A marketplace, not an employment agency. <VersionLabel />
          </Text>
          <Group gap="lg" component="nav" aria-label="Legal">
            <Anchor component={Link} to="/terms" className={classes.footerLink}>
              Terms of Use
            </Anchor>
            <Anchor component={Link} to="/privacy" className={classes.footerLink}>
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to="/about" className={classes.footerLink}>
              About
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
