import type { sandboxTestPaymentSchema } from '@giro/contract/payout-account';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';
import { uuid } from '../../../lib/uuid';

type SandboxTestPayment = z.infer<typeof sandboxTestPaymentSchema>;

/**
 * The €10 PayPal sandbox test payment (api.md, Payments). Each click is a new payment with its
 * own Idempotency-Key; the key travels in the mutation's variables, so the automatic retries of
 * a failed attempt (network, 5xx) replay the same key and the server pays at most once.
 */
export function useSandboxTestPayment() {
  const mutation = useMutation({
    mutationFn: (key: string) =>
      apiRequest<SandboxTestPayment>('POST', '/api/payments/sandbox-test', undefined, {
        headers: { 'Idempotency-Key': key },
      }),
  });
  return {
    isPending: mutation.isPending,
    pay: (options: Parameters<typeof mutation.mutate>[1]) => mutation.mutate(uuid(), options),
  };
}
