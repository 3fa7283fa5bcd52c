import { AppError } from '../errors';

/** A keyset position `(at, id)` as an opaque URL-safe string. */
export interface Position {
  at: string;
  id: string | number;
}

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

/** The position a cursor names; a cursor that was not ours is bad input (400). */
export function decodeCursor(cursor: string | undefined): Position | null {
  if (!cursor) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof at === 'string' &&
      !Number.isNaN(Date.parse(at)) &&
      (typeof id === 'string' || Number.isInteger(id))
    )
      return { at, id: id as string | number };
  } catch {}
  throw new AppError('VALIDATION_ERROR', { field: 'cursor' });
}
