import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { useMutation } from './mutation';
import { createQueryClient } from './query-client';

afterEach(cleanup);

/** A mutation whose answer the test gives, when it wants. */
function deferred() {
  let settle!: { resolve: (value: string) => void; reject: (error: Error) => void };
  const promise = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

function Caller({
  answer,
  onSuccess,
  onError,
}: {
  answer: Promise<string>;
  onSuccess: (data: string) => void;
  onError: (error: Error) => void;
}) {
  const mutation = useMutation({ mutationFn: (_: number) => answer });
  return (
    <button type="button" onClick={() => mutation.mutate(1, { onSuccess, onError })}>
      Go
    </button>
  );
}

function renderCaller(answer: Promise<string>) {
  const onSuccess = vi.fn();
  const onError = vi.fn();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Caller answer={answer} onSuccess={onSuccess} onError={onError} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
  return { ...view, onSuccess, onError };
}

// TanStack Query's own `mutate` drops these callbacks once the caller has unmounted: both tests
// fail with it (checked by importing its useMutation in place of ours).
describe('useMutation: a call’s own callbacks', () => {
  it('runs onSuccess with the answer though the caller unmounted before it landed', async () => {
    const answer = deferred();
    const { unmount, onSuccess, onError } = renderCaller(answer.promise);
    unmount();
    answer.resolve('done');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onSuccess.mock.calls[0]![0]).toBe('done');
    expect(onError).not.toHaveBeenCalled();
  });

  it('runs onError with the failure though the caller unmounted before it landed', async () => {
    const answer = deferred();
    const { unmount, onSuccess, onError } = renderCaller(answer.promise);
    unmount();
    // A refusal (409): the app's query client does not retry it.
    answer.reject(new ApiError(409, 'ROUND_CLOSED', 'refused', 'refused'));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect((onError.mock.calls[0]![0] as Error).message).toBe('refused');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('runs onSuccess once per call while the caller is mounted', async () => {
    const answer = deferred();
    const { onSuccess } = renderCaller(answer.promise);
    answer.resolve('done');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onSuccess.mock.calls[0]![0]).toBe('done');
  });
});
