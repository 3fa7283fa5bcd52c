import type { ErrorCode } from '@giro/contract/errors';

/** A failure the API answers with a code of the contract's catalogue (status and text there). */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
  }
}
