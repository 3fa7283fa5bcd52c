import { timestamp } from 'drizzle-orm/pg-core';

/** Every table's creation time. Timestamps are timestamptz throughout. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const tz = (name: string) => timestamp(name, { withTimezone: true });
