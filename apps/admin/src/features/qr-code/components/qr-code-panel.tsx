import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Grid,
  Group,
  Image,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { isLoopbackUrl } from '@parade/core/safe-links';
import { ApiError } from '@parade/ui/api-errors';
import { IconCheck, IconCopy, IconDownload, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { StatusBadge } from '@/components/status-badge';
import { formatDateTime } from '@/lib/format';
import { useChangeQrCode } from '../api/change-qr-code';
import { useQrInfo } from '../api/get-qr-code';
import { useQrPng } from '../api/get-qr-png';
import { type PosterShop, QrPoster } from './qr-poster';
import { QrStats } from './qr-stats';

/** An object URL for the blob while it is shown, released when it changes or the page closes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

const failure = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * The shop's QR code: the picture (loaded with the token from its download link), the URL it
 * opens with a copy button, and the actions: make the first code, download its PNG, print the
 * A5 counter poster, or replace it (after a warning that printed copies stop working).
 */
export function QrCodePanel({ shop }: { shop: PosterShop & { slug: string } }) {
  const info = useQrInfo();
  const generate = useChangeQrCode('generate');
  const regenerate = useChangeQrCode('regenerate');
  const png = useQrPng(info.data?.download_url ?? null);
  const imageUrl = useObjectUrl(png.data);

  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: () => notifySuccess('Your QR code is ready. Download it or print the poster.'),
      onError: (error) => notifyError(failure(error, 'Could not make the QR code.')),
    });

  const onRegenerate = async () => {
    const yes = await confirmAction({
      title: 'Replace your QR code?',
      message:
        'A new code replaces this one at once. Every printed poster or sticker with the current code stops working: customers who scan it will no longer see your offers. Print the new code afterwards.',
      confirmLabel: 'Replace the code',
    });
    if (!yes) return;
    regenerate.mutate(undefined, {
      onSuccess: () => notifySuccess('New QR code made. Print it again: the old one no longer works.'),
      onError: (error) => notifyError(failure(error, 'Could not replace the QR code.')),
    });
  };

  const url = info.data?.qr_code_url ?? null;
  return (
    <>
      <Stack gap="lg" className="no-print">
        {info.isPending ? (
          <LoadingState label="Loading your QR code…" />
        ) : info.isError ? (
          <ErrorState error={info.error} onRetry={() => info.refetch()} />
        ) : !info.data.qr_code_id || !url ? (
          <Paper withBorder p="md" radius="md">
            <EmptyState
              action={
                <Button onClick={onGenerate} loading={generate.isPending}>
                  Generate QR code
                </Button>
              }
            >
              Your shop has no QR code yet. Make one, print it and put it by the till: customers scan it to see and
              claim your offers, QR-only ones included.
            </EmptyState>
          </Paper>
        ) : (
          <Stack gap="md">
            {isLoopbackUrl(url) && (
              <Alert color="anchor" variant="light" title="Phones cannot open this link yet" role="alert">
                The QR code points at {new URL(url).host}, the computer Parade runs on, which no phone can reach. Set
                PUBLIC_URL to the address shoppers use (for example https://parade.example), restart Parade, and the
                link and the poster will point there. Print the poster after that.
              </Alert>
            )}
            <Grid>
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <Paper withBorder p="md" radius="md" h="100%">
                  <Stack align="center" gap="xs">
                    {png.isPending ? (
                      <Skeleton w={240} h={240} role="status" aria-label="Loading the QR code picture" />
                    ) : png.isError ? (
                      <ErrorState error={png.error} onRetry={() => png.refetch()} />
                    ) : (
                      imageUrl && (
                        <Image
                          src={imageUrl}
                          alt={`QR code of ${shop.name}: opens your offers page`}
                          w={240}
                          h={240}
                          maw="100%"
                          fit="contain"
                          data-testid="qr-image"
                        />
                      )
                    )}
                  </Stack>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 7 }}>
                <Paper withBorder p="md" radius="md" h="100%">
                  <Stack gap="sm">
                    <Group gap="xs">
                      <Title order={2} size="h4">
                        Your live code
                      </Title>
                      <StatusBadge status="active" />
                    </Group>
                    <Text size="sm" c="dimmed">
                      Made {formatDateTime(info.data.generated_at)}
                    </Text>
                    <TextInput
                      label="Link in the code"
                      description="Where a scan takes your customers"
                      value={url}
                      readOnly
                      onFocus={(event) => event.currentTarget.select()}
                      rightSection={
                        <CopyButton value={url} timeout={2000}>
                          {({ copied, copy }) => (
                            <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
                              <ActionIcon
                                variant="subtle"
                                color={copied ? 'teal' : 'gray'}
                                onClick={copy}
                                aria-label={copied ? 'Link copied' : 'Copy link'}
                              >
                                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </CopyButton>
                      }
                    />
                    <Group gap="sm">
                      <Button
                        component="a"
                        href={imageUrl ?? undefined}
                        download={`${shop.slug}-qr.png`}
                        leftSection={<IconDownload size={18} aria-hidden />}
                        disabled={!imageUrl}
                      >
                        Download PNG
                      </Button>
                      <Button
                        variant="default"
                        leftSection={<IconPrinter size={18} aria-hidden />}
                        onClick={() => window.print()}
                        disabled={!imageUrl}
                      >
                        Print poster
                      </Button>
                      <Button
                        variant="outline"
                        color="error"
                        leftSection={<IconRefresh size={18} aria-hidden />}
                        onClick={onRegenerate}
                        loading={regenerate.isPending}
                      >
                        Regenerate
                      </Button>
                    </Group>
                    <Text size="sm" c="dimmed">
                      The poster prints on A5 with your shop's name and logo. Regenerate only if a code was misused:
                      printed copies of the old code stop working.
                    </Text>
                  </Stack>
                </Paper>
              </Grid.Col>
            </Grid>
          </Stack>
        )}
        <QrStats />
      </Stack>
      {imageUrl && url && <QrPoster shop={shop} imageUrl={imageUrl} url={url} />}
    </>
  );
}
