import { Button, Checkbox, Divider, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AdminShop } from '@parade/core/admin-schemas';
import { formatMoney } from '@parade/core/money';
import { ledgerAdjustmentSchema, shopCommissionSchema } from '@parade/core/money-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { confirmAction } from '@/components/confirm';
import { FormModal } from '@/components/form-modal';
import { MoneyInput } from '@/components/money-input';
import { notifySuccess } from '@/components/notify';
import { StatCard } from '@/components/stat-card';
import { ErrorState, LoadingState } from '@/components/states';
import { useApiForm } from '@/components/use-api-form';
import { wholePenceErrors } from '@/lib/whole-pence';
import { zodValidate } from '@/lib/zod-validate';
import { useAdjustShopBalance, useSetShopCommission, useShopBalance, useShopCommission } from '../api/shop-money';

interface CommissionValues {
  own: boolean;
  rate: number | string;
}

const commissionToWire = (values: CommissionValues) => ({
  commission_rate: values.own && values.rate !== '' ? Number(values.rate) : null,
});

/** The shop's own commission rate, or the platform's; a change applies to its new orders only. */
function CommissionForm({
  shop,
  saved,
}: {
  shop: AdminShop;
  saved: { commission_rate: number | null; effective_rate: number };
}) {
  const save = useSetShopCommission(shop.id);
  const form = useForm<CommissionValues>({
    mode: 'controlled',
    initialValues: { own: saved.commission_rate !== null, rate: saved.commission_rate ?? '' },
    validate: (values) => {
      if (values.own && values.rate === '') return { rate: 'Enter a rate, or use the platform’s.' };
      // The wire's `commission_rate` is the form's rate.
      const { commission_rate, ...errors } = zodValidate(shopCommissionSchema, commissionToWire)(values);
      return commission_rate ? { ...errors, rate: commission_rate } : errors;
    },
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const reply = await save.mutateAsync(commissionToWire(values).commission_rate);
    form.setInitialValues({ own: reply.commission_rate !== null, rate: reply.commission_rate ?? '' });
    form.setValues({ own: reply.commission_rate !== null, rate: reply.commission_rate ?? '' });
    notifySuccess(`${shop.name} is charged ${reply.effective_rate}% on its new orders.`);
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Commission">
      <Stack gap="xs">
        <FormAlert message={formError} />
        <Text size="sm">
          Charged now: <strong>{saved.effective_rate}%</strong>
          {saved.commission_rate === null ? ' (the platform’s rate)' : ' (this shop’s own rate)'}. A change applies to
          new orders only.
        </Text>
        <Checkbox label="Give this shop its own rate" {...form.getInputProps('own', { type: 'checkbox' })} />
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="Commission rate"
            suffix="%"
            min={0}
            max={100}
            step={1}
            disabled={!form.getValues().own}
            w={160}
            {...form.getInputProps('rate')}
          />
          <Button type="submit" loading={submitting}>
            Save rate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Commission({ shop }: { shop: AdminShop }) {
  const commission = useShopCommission(shop.id);
  if (commission.isError) return <ErrorState error={commission.error} onRetry={() => commission.refetch()} />;
  if (!commission.data) return <LoadingState label="Loading the commission" />;
  return <CommissionForm shop={shop} saved={commission.data} />;
}

interface AdjustmentValues {
  pounds: number | string;
  note: string;
}

const adjustmentToWire = (values: AdjustmentValues) => ({
  amount: values.pounds === '' ? 0 : Math.round(Number(values.pounds) * 100),
  note: values.note,
});

/** A correction of the shop's balance either way, with a reason; asked to confirm, since it moves money. */
function AdjustmentForm({ shop }: { shop: AdminShop }) {
  const adjust = useAdjustShopBalance(shop.id);
  const form = useForm<AdjustmentValues>({
    mode: 'controlled',
    initialValues: { pounds: '', note: '' },
    validate: (values) => {
      // The wire's `amount` is the form's pounds.
      const { amount, ...errors } = zodValidate(ledgerAdjustmentSchema, adjustmentToWire)(values);
      return { ...errors, ...(amount ? { pounds: amount } : {}), ...wholePenceErrors(values, ['pounds']) };
    },
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const { amount, note } = adjustmentToWire(values);
    const yes = await confirmAction({
      title:
        amount > 0 ? `Add ${formatMoney(amount)} to ${shop.name}?` : `Take ${formatMoney(-amount)} from ${shop.name}?`,
      message: `The shop sees it at once on its Money page, with your reason: “${note.trim()}”. An entry is never changed; a mistake is corrected by another adjustment.`,
      confirmLabel: 'Record adjustment',
      destructive: amount < 0,
    });
    if (!yes) return;
    await adjust.mutateAsync({ amount, note });
    form.reset();
    notifySuccess(`The adjustment of ${formatMoney(amount)} is recorded.`);
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Adjust the balance">
      <Stack gap="xs">
        <FormAlert message={formError} />
        <MoneyInput
          label="Amount"
          description="Positive: Parade owes the shop more. Negative: less."
          step={1}
          w={220}
          {...form.getInputProps('pounds')}
        />
        <Textarea label="Reason" required autosize minRows={2} maxLength={500} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={submitting}>
            Record adjustment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Balance({ shop }: { shop: AdminShop }) {
  const balance = useShopBalance(shop.id);
  if (balance.isError) return <ErrorState error={balance.error} onRetry={() => balance.refetch()} />;
  const figure = (pence: number | undefined) => (pence === undefined ? '…' : formatMoney(pence));
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} aria-busy={balance.isPending}>
      <StatCard label="Pending" value={figure(balance.data?.pending)} />
      <StatCard label="Available" value={figure(balance.data?.available)} />
      <StatCard label="Paid out" value={figure(balance.data?.paid_out)} />
    </SimpleGrid>
  );
}

/** A shop's money for the platform admin: its balance, its commission rate and corrections. */
export function ShopMoneyModal({ shop, onClose }: { shop: AdminShop | null; onClose: () => void }) {
  return (
    <FormModal opened={shop !== null} onClose={onClose} title={shop ? `${shop.name}: money` : ''} size="lg">
      {shop && (
        <Stack gap="md">
          <Balance shop={shop} />
          <Divider />
          <Title order={3} size="h5">
            Commission
          </Title>
          <Commission shop={shop} />
          <Divider />
          <Title order={3} size="h5">
            Adjust the balance
          </Title>
          <AdjustmentForm shop={shop} />
        </Stack>
      )}
    </FormModal>
  );
}
