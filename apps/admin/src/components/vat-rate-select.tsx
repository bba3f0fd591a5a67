import { Select, type SelectProps } from '@mantine/core';
import { vatRateChoices } from '@parade/core/vat';

const data = vatRateChoices.map(({ rate, label }) => ({ value: String(rate), label }));

/**
 * One of the three UK VAT rates (contract: "VAT"), each with what it is for. The form holds the
 * rate as text ('0', '5', '20'), as a Select does.
 */
export function VatRateSelect(props: Omit<SelectProps, 'data'>) {
  return <Select label="VAT rate" data={data} allowDeselect={false} {...props} />;
}
