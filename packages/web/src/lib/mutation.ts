import {
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation as useQueryMutation,
} from '@tanstack/react-query';
import { useCallback } from 'react';

/** What a caller does with one call's outcome: a toast, a navigation, closing its dialog. */
export interface CallOutcome<TData, TError> {
  onSuccess?: (data: TData) => void;
  onError?: (error: TError) => void;
}

export type Mutation<TData, TError, TVariables, TOnMutateResult> = Omit<
  UseMutationResult<TData, TError, TVariables, TOnMutateResult>,
  'mutate'
> & {
  /** Runs the mutation, then the call's own callbacks: always, even if the caller is gone by then. */
  mutate: (variables: TVariables, outcome?: CallOutcome<TData, TError>) => void;
};

/**
 * TanStack Query's `useMutation`, with one difference: the callbacks given to `mutate` run
 * whenever the answer lands. TanStack runs them only if the calling component is still mounted
 * (MutationObserver checks `hasListeners()`), and the hook's own `onSuccess` often unmounts it:
 * leaving an organization refetches what removes the Leave button, and its "you left" toast could
 * be dropped; a join's navigation was dropped so (a flaky e2e test, `8e9d2b7`). A toast or a
 * navigation that silently does not happen is worse than one that happens after the screen moved
 * on. Setting the state of an unmounted component is a no-op in React, so running them is safe.
 * The lint (biome.json, noRestrictedImports) keeps every mutation of the app on this hook.
 */
export function useMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TOnMutateResult = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): Mutation<TData, TError, TVariables, TOnMutateResult> {
  const result = useQueryMutation(options);
  const { mutateAsync } = result;
  const mutate = useCallback(
    (variables: TVariables, outcome?: CallOutcome<TData, TError>) => {
      // The rejection is always handled: the hook's own onError has reported it, as `mutate` does.
      mutateAsync(variables).then(
        (data) => outcome?.onSuccess?.(data),
        (error: TError) => outcome?.onError?.(error),
      );
    },
    [mutateAsync],
  );
  return { ...result, mutate };
}
