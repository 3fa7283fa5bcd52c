import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptchaField } from './captcha-field';

// The real widget needs a worker; the element stays a plain custom element that we drive.
vi.mock('./load-altcha', () => ({}));
afterEach(cleanup);

const report = (state: string, payload?: string) =>
  act(() => {
    document
      .querySelector('altcha-widget')!
      .dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  });

describe('captcha field', () => {
  it("shows SPEC §8's configuration error when the widget reports 'error', and clears it on recovery", async () => {
    const onPayload = vi.fn();
    render(<CaptchaField onPayload={onPayload} resetKey={0} />);
    await screen.findByTestId('captcha');
    expect(screen.queryByRole('alert')).toBeNull();

    await report('error');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Verifica di sicurezza non disponibile: errore di configurazione, contatta il supporto.',
    );
    expect(onPayload).toHaveBeenLastCalledWith('');

    await report('verified', 'solved');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onPayload).toHaveBeenLastCalledWith('solved');
  });
});
