import { Alert, Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { avatarLetter } from '@parade/core/auth-rules';
import { IconMessageReport } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useFormatDate } from '@/lib/format';
import type { ShopCreateRequest } from '../api/get-shop-request';

/** One line of the summary: a term and what the request says. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" component="div">
      <Text component="dt" size="sm" c="dimmed" w={96} style={{ flex: 'none' }}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * The caller's shop request as the platform sees it: name, logo, category, where the shop is,
 * the dates, its status (the route passes the shared status badge) and, once rejected, the
 * platform's reason.
 */
export function ShopRequestSummary({ request, status }: { request: ShopCreateRequest; status: ReactNode }) {
  const formatDate = useFormatDate();
  const decided = request.status !== 'pending';
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Your shop request">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar
              src={request.logo?.url ?? null}
              alt={request.logo ? `${request.shop_name} logo` : ''}
              size={56}
              radius="md"
              color="primary"
              aria-hidden={request.logo ? undefined : true}
            >
              {avatarLetter(request.shop_name)}
            </Avatar>
            <Stack gap={0} miw={0}>
              <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
                {request.shop_name}
              </Title>
              <Text size="sm" c="dimmed">
                {request.category ? request.category.name : 'No category chosen'}
              </Text>
            </Stack>
          </Group>
          <div style={{ flex: 'none' }}>{status}</div>
        </Group>

        {request.status === 'rejected' && request.admin_note && (
          <Alert
            color="error"
            variant="light"
            title="Why it was not accepted"
            icon={<IconMessageReport aria-hidden />}
            data-testid="shop-request-note"
          >
            {request.admin_note}
          </Alert>
        )}

        <Stack gap={6} component="dl" m={0}>
          <Detail term="Sent">{formatDate(request.created_at)}</Detail>
          {decided && (
            <Detail term={request.status === 'cancelled' ? 'Cancelled' : 'Decided'}>
              {formatDate(request.updated_at)}
            </Detail>
          )}
          <Detail term="Address">
            {request.address}, {request.postcode}
          </Detail>
          <Detail term="Phone">{request.phone}</Detail>
          <Detail term="E-mail">{request.email}</Detail>
          {request.description && <Detail term="Description">{request.description}</Detail>}
        </Stack>
      </Stack>
    </Card>
  );
}
