import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { Modal } from './modal';

afterEach(cleanup);

function ModalOpener({ goesOnClose = false }: { goesOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  return (
    <main id="main">
      <section data-testid="holder">{!gone && <Button onClick={() => setOpen(true)}>Open</Button>}</section>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next && goesOnClose) setGone(true);
        }}
        title="A dialog"
      >
        <input aria-label="Inside" />
      </Modal>
    </main>
  );
}

/** Opens with the keyboard's focus on the opener, as Enter on it would, and closes with Escape. */
async function openThenEscape(opener: HTMLElement) {
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

// Radix gives the focus back only to its own Dialog.Trigger; ours are plain buttons (focus-return.ts).
describe('a dialog gives the focus back when it closes', () => {
  it('to the button that opened it', async () => {
    render(<ModalOpener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await openThenEscape(opener);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('to the section that held the button, when the button went with the action', async () => {
    render(<ModalOpener goesOnClose />);
    await openThenEscape(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('holder')));
  });

  it('a confirmation, to the button that asked for it', async () => {
    render(
      <ConfirmDialog
        trigger={<Button>Leave</Button>}
        title="Leave?"
        body="Really?"
        confirmLabel="Leave now"
        onConfirm={() => {}}
      />,
    );
    const opener = screen.getByRole('button', { name: 'Leave' });
    await openThenEscape(opener);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
