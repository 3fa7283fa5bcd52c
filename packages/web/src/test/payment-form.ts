import { fireEvent, within } from '@testing-library/react';

/** A billing address as the Italian payment forms take it. */
export const milanAddress = { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' };

/** Types a billing address into a payment modal's fields (Italian labels), as a member does. */
export function fillBillingAddress(dialog: HTMLElement, address = milanAddress): void {
  const field = within(dialog);
  fireEvent.change(field.getByLabelText('Indirizzo', { exact: true }), { target: { value: address.line1 } });
  fireEvent.change(field.getByLabelText('Città'), { target: { value: address.city } });
  fireEvent.change(field.getByLabelText('CAP'), { target: { value: address.postalCode } });
  fireEvent.change(field.getByLabelText('Paese'), { target: { value: address.country } });
}
