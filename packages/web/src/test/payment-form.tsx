import { fireEvent, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { fakeServer, ToastProbe } from './render-page';

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

/**
 * A payment whose answer comes when the test says, the server having recorded it (the card and
 * the address saved as the member's preferences) at once: as when the socket's news arrives
 * first. `answer` sends the answer; `recorded` is what the preferences now hold.
 */
export function paymentAnsweredLate(route: string, address = milanAddress) {
  let answer: (body: unknown) => void = () => {};
  let saved: unknown = { lastMethod: null, billingAddress: null };
  fakeServer({
    'GET /api/config': { registration: 'open', testClock: false, payments: 'sandbox' },
    'GET /api/user/payment-preferences': () => saved,
    [route]: () => {
      saved = { lastMethod: 'card', billingAddress: address };
      return new Promise((resolve) => {
        answer = resolve;
      });
    },
  });
  return { answer: (body: unknown) => answer(body), recorded: () => saved };
}

/**
 * A payment modal that "next step" takes away at step 2 (its button gone, as when the member
 * has paid) and opens afresh at step 3, with the toasts shown.
 */
export function ModalGoneAtStep2({ modal }: { modal: (key: number) => ReactNode }) {
  const [step, setStep] = useState(1);
  return (
    <>
      <ToastProbe />
      <button type="button" onClick={() => setStep((s) => s + 1)}>
        next step
      </button>
      {step !== 2 && modal(step)}
    </>
  );
}
