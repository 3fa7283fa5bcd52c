import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { useKeepFocus } from './use-keep-focus';

afterEach(cleanup);

/** A card whose action is asked first, then pending (its button disabled), then done (gone). */
function Card({ drawn = true }: { drawn?: boolean }) {
  const keepFocus = useKeepFocus<HTMLElement>();
  const [step, setStep] = useState<'ask' | 'pending' | 'done'>('ask');
  if (!drawn) return <p>Loading</p>;
  return (
    <main>
      <section ref={keepFocus} tabIndex={-1} data-testid="card">
        {step === 'done' ? (
          <p>Declared</p>
        ) : (
          <ConfirmDialog
            trigger={<Button disabled={step === 'pending'}>I gave it back</Button>}
            title="Did you?"
            body="She is told."
            confirmLabel="Yes"
            onConfirm={() => setStep('pending')}
          />
        )}
        <button type="button" onClick={() => setStep('done')} data-testid="answer" />
      </section>
      <button type="button">Elsewhere</button>
    </main>
  );
}

async function confirm() {
  const opener = screen.getByRole('button', { name: 'I gave it back' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(dialog.isConnected).toBe(false));
}

describe('the focus kept on a card whose buttons go', () => {
  it('after a dialog asked before acting: its button disabled, then gone, the card holds the focus', async () => {
    render(<Card />);
    await confirm();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('card')));
    // The answer comes: the button goes, and the focus is still on the card, not the page.
    act(() => screen.getByTestId('answer').click());
    expect(screen.queryByRole('button', { name: 'I gave it back' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('card'));
  });

  it('on a card drawn after the page (its data came later)', async () => {
    const { rerender } = render(<Card drawn={false} />);
    rerender(<Card />);
    await confirm();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('card')));
  });

  it('not once the focus went elsewhere', async () => {
    render(<Card />);
    const opener = screen.getByRole('button', { name: 'I gave it back' });
    opener.focus();
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    act(() => screen.getByTestId('answer').click());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });
});
