import { Avatar, Box, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Shop, ShopData } from '@parade/core/catalog-dto';
import { IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LazyImage } from '@/components/ui/lazy-image';
import { StarRating } from '@/components/ui/star-rating';
import classes from './shop-header.module.css';

/**
 * The top of a shop's page: banner, logo, name, tagline, rating, address, phone and product
 * count; `actions` (the favourite heart) beside the name.
 */
export function ShopHeader({ shop, data, actions }: { shop: Shop; data: ShopData | undefined; actions?: ReactNode }) {
  return (
    <Box component="header" className={classes.header}>
      <LazyImage src={shop.banner?.url} alt="" width={1600} height={500} eager className={classes.banner} />
      <Container size="xl">
        <Group gap="md" align="flex-end" wrap="nowrap" className={classes.identity}>
          <Avatar
            src={shop.logo?.url}
            alt={`${shop.name} logo`}
            size={96}
            radius="lg"
            className={classes.logo}
            imageProps={{ width: 96, height: 96 }}
          >
            {shop.name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={2} pb={4} className={classes.name}>
            <Title order={1} size="h2" lh={1.2}>
              {shop.name}
            </Title>
            {shop.tagline && <Text c="dimmed">{shop.tagline}</Text>}
            {shop.rating && <StarRating rating={shop.rating} />}
          </Stack>
          {actions && (
            <Box ml="auto" pb={4}>
              {actions}
            </Box>
          )}
        </Group>
        <Group gap="lg" mt="sm" c="dimmed">
          <Group gap={6} wrap="nowrap">
            <IconMapPin size={18} aria-hidden />
            <Text size="sm">
              {shop.address}, {shop.city} {shop.postcode}
            </Text>
          </Group>
          {shop.phone && (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={18} aria-hidden />
              <Text size="sm" component="a" href={`tel:${shop.phone.replace(/\s+/g, '')}`} c="anchor.6">
                {shop.phone}
              </Text>
            </Group>
          )}
          {data ? (
            <Text size="sm" fw={600} c="secondary.6" data-testid="shop-product-count">
              {data.product_count} {data.product_count === 1 ? 'product' : 'products'}
            </Text>
          ) : (
            <Skeleton height={16} width={90} />
          )}
        </Group>
      </Container>
    </Box>
  );
}
