import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { useSettings } from '@/features/settings/api/settings';
import { SettingsForm } from '@/features/settings/components/settings-form';

/** The site settings the storefront reads (GET app/setting), edited with typed inputs. */
export function Component() {
  const settings = useSettings();
  return (
    <Stack gap="md">
      <PageHeader title="Settings" description="What the storefront shows and how it takes orders." />
      {settings.isPending ? (
        <LoadingState />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </Stack>
  );
}
