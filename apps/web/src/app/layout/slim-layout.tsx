import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link, Outlet, ScrollRestoration } from 'react-router';
import { RouterNavigationProgress } from '@/components/layout/navigation-progress';
import { useSettings } from '@/features/content/api/get-settings';
import { useIgnoreDuplicateNavigation } from '@/hooks/use-ignore-duplicate-navigation';
import { paths } from '@/lib/paths';

/**
 * Spec section 2: the auth screens (login, register, forgot, reset, 'check your e-mail',
 * manage) sit in a slim layout: the logo back home, the form, a one-line footer.
 */
export function SlimLayout() {
  const { data: settings } = useSettings();
  const title = settings?.site_title || 'Parade';
  useIgnoreDuplicateNavigation();
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <RouterNavigationProgress />
      <ScrollRestoration />
      <Box component="header" bg="secondary.6">
        <Container size="sm" h={60}>
          <Group h="100%" justify="space-between">
            <Anchor component={Link} to={paths.home()} c="white" fw={800} fz={22} underline="never">
              {title}
            </Anchor>
            <Anchor component={Link} to={paths.products()} c="white" size="sm">
              Back to shopping
            </Anchor>
          </Group>
        </Container>
      </Box>
      <Box component="main" id="main" py={{ base: 'lg', xs: 48 }} px="md" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Box component="footer" py="md">
        <Text ta="center" size="xs" c="dimmed">
          © {new Date().getFullYear()} {title} ·{' '}
          <Anchor component={Link} to={paths.privacy()} size="xs">
            Privacy Policy
          </Anchor>{' '}
          ·{' '}
          <Anchor component={Link} to={paths.terms()} size="xs">
            Terms and Condition
          </Anchor>
        </Text>
      </Box>
    </Box>
  );
}
