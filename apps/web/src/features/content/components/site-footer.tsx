import { ActionIcon, Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messages } from '@parade/core/messages';
import { safeHref } from '@parade/core/safe-link-rules';
import { fixedPathOfPage } from '@parade/core/storefront-routes';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconMail,
  IconMapPin,
  IconPhone,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { usePages } from '../api/get-pages';
import { useSettings } from '../api/get-settings';
import classes from './site-footer.module.css';

/** Footer links are 44 px tall, so they are easy to hit on a phone. */
const touchTarget = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

/**
 * The footer of spec section 2, from the site settings: logo, tagline, address, phone, e-mail,
 * useful links, social links and the copyright line.
 */
export function SiteFooter() {
  const { data: settings } = useSettings();
  const pages = usePages();
  const title = settings?.site_title || 'Parade';
  const address = [settings?.address, settings?.city, settings?.postcode].filter(Boolean).join(', ');
  const socials = [
    // safeHref: a stored value that is not a safe link (set before the API checked them) is no link.
    { href: safeHref(settings?.facebook_url), label: 'Facebook', Icon: IconBrandFacebook },
    { href: safeHref(settings?.instagram_url), label: 'Instagram', Icon: IconBrandInstagram },
    { href: safeHref(settings?.linkedIn_url), label: 'LinkedIn', Icon: IconBrandLinkedin },
  ].filter((social) => social.href);
  const owner = settings?.company_name || title;

  return (
    <Box component="footer" className={classes.footer} data-testid="site-footer">
      <Container size="xl" py={40}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing={32}>
          <Stack gap="sm">
            <Link to={paths.home()} className={classes.logoLink}>
              {settings?.site_logo_small ? (
                <img
                  src={settings.site_logo_small}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className={classes.logo}
                />
              ) : null}
              <Text component="span" fw={800} fz="xl">
                {title}
              </Text>
            </Link>
            <Text c="gray.3">{messages.footerTagline}</Text>
            {socials.length > 0 && (
              <Group gap="xs" component="ul" className={classes.plainList} aria-label="Follow us">
                {socials.map(({ href, label, Icon }) => (
                  <li key={label}>
                    <ActionIcon
                      component="a"
                      href={href ?? undefined}
                      target="_blank"
                      rel="noopener noreferrer"
                      size={44}
                      radius="xl"
                      variant="white"
                      color="secondary"
                      aria-label={`${title} on ${label} (opens in a new tab)`}
                    >
                      <Icon aria-hidden />
                    </ActionIcon>
                  </li>
                ))}
              </Group>
            )}
          </Stack>

          <Stack gap="sm">
            <Title order={2} size="h5" c="white">
              Contact
            </Title>
            <Stack gap={0} component="address" className={classes.address}>
              {address && (
                <Group gap="xs" wrap="nowrap" align="flex-start" mb="xs">
                  <IconMapPin size={18} aria-hidden className={`${classes.icon} ${classes.iconTop}`} />
                  <Text size="sm">{address}</Text>
                </Group>
              )}
              {settings?.phone && (
                <Group gap="xs" wrap="nowrap">
                  <IconPhone size={18} aria-hidden className={classes.icon} />
                  <Anchor
                    href={`tel:${settings.phone.replace(/\s+/g, '')}`}
                    className={classes.link}
                    c="gray.2"
                    size="sm"
                  >
                    {settings.phone}
                  </Anchor>
                </Group>
              )}
              {settings?.email && (
                <Group gap="xs" wrap="nowrap">
                  <IconMail size={18} aria-hidden className={classes.icon} />
                  <Anchor
                    href={`mailto:${settings.email}`}
                    className={classes.link}
                    c="gray.2"
                    size="sm"
                    style={touchTarget}
                  >
                    {settings.email}
                  </Anchor>
                </Group>
              )}
            </Stack>
          </Stack>

          <Stack gap="sm" component="nav" aria-labelledby="footer-useful-links">
            <Title order={2} size="h5" c="white" id="footer-useful-links">
              Useful links
            </Title>
            <Stack gap={0} component="ul" className={classes.plainList}>
              {[
                { to: paths.privacy(), label: 'Privacy Policy' },
                { to: paths.terms(), label: 'Terms and Condition' },
                { to: paths.contact(), label: 'Contact Us' },
                // Then the pages the admin chose to link from the footer.
                ...(pages.data ?? [])
                  .filter((page) => page.in_footer && !fixedPathOfPage(page.slug))
                  .map((page) => ({ to: paths.page(page.slug), label: page.title })),
              ].map((link) => (
                <li key={link.to}>
                  <Anchor
                    component={Link}
                    to={link.to}
                    className={classes.link}
                    c="gray.2"
                    size="sm"
                    style={touchTarget}
                  >
                    {link.label}
                  </Anchor>
                </li>
              ))}
            </Stack>
          </Stack>
        </SimpleGrid>
        <Divider my="lg" color="secondary.4" />
        <Text size="sm" c="gray.3" ta="center">
          © {new Date().getFullYear()} {owner}. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
