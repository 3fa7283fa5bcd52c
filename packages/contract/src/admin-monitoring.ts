import { z } from 'zod';
import { type NotificationType, notificationTypes } from './notifications';

/** GET /api/admin/api-monitoring: latency and errors per route template, and the process's health. */
export const routeStatsSchema = z.object({
  method: z.string(),
  route: z.string(),
  count: z.number().int(),
  /** Share of answers with a 5xx status, 0–1. */
  errorRate: z.number(),
  /** Share of answers with a 4xx status, 0–1. */
  clientErrorRate: z.number(),
  p50Ms: z.number(),
  p95Ms: z.number(),
  p99Ms: z.number(),
});
export type RouteStats = z.infer<typeof routeStatsSchema>;

/** One bucket of the chart: requests, server errors and the p95 latency of a period. */
export const trafficPointSchema = z.object({
  at: z.string(),
  count: z.number().int(),
  errors: z.number().int(),
  p95Ms: z.number(),
});
export type TrafficPoint = z.infer<typeof trafficPointSchema>;

export const processHealthSchema = z.object({
  uptimeSeconds: z.number(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  heapTotalBytes: z.number(),
  eventLoopDelayP50Ms: z.number(),
  eventLoopDelayP99Ms: z.number(),
  eventLoopDelayMaxMs: z.number(),
  openSockets: z.number().int(),
  /** Outbox rows due and not processed yet. */
  outboxBacklog: z.number().int(),
  /** How late the oldest due deadline is (0 when none is due). */
  deadlineLagSeconds: z.number(),
  /** Requests this instance recorded but has not written yet, and those it had to drop. */
  bufferedRequests: z.number().int(),
  droppedRequests: z.number().int(),
});
export type ProcessHealth = z.infer<typeof processHealthSchema>;

export const apiMonitoringSchema = z.object({
  generatedAt: z.string(),
  lastHour: z.array(routeStatsSchema),
  lastDay: z.array(routeStatsSchema),
  /** The last 24 hours by hour, oldest first. */
  series: z.array(trafficPointSchema),
  health: processHealthSchema,
});
export type ApiMonitoring = z.infer<typeof apiMonitoringSchema>;

/** GET /api/admin/api-logs: newest first, keyset-paginated by `cursor`. */
export const apiLogsQuerySchema = z.strictObject({
  /** An exact status (404) or a class (4xx). */
  status: z
    .string()
    .regex(/^([1-5]\d\d|[1-5]xx)$/)
    .optional(),
  route: z.string().max(300).optional(),
  userId: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ApiLogsQuery = z.infer<typeof apiLogsQuerySchema>;

export const apiLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  method: z.string(),
  route: z.string(),
  status: z.number().int(),
  durationMs: z.number(),
  userId: z.string().nullable(),
  requestId: z.string(),
});
export type ApiLogEntry = z.infer<typeof apiLogEntrySchema>;
export const apiLogsPageSchema = z.object({
  items: z.array(apiLogEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ApiLogsPage = z.infer<typeof apiLogsPageSchema>;

/** GET /api/admin/email-tracking */
export const emailStatusSchema = z.enum(['queued', 'sent', 'failed', 'withdrawn']);
export type EmailStatus = z.infer<typeof emailStatusSchema>;
export const emailTrackingQuerySchema = z.strictObject({
  status: emailStatusSchema.optional(),
  template: z.string().max(60).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type EmailTrackingQuery = z.infer<typeof emailTrackingQuerySchema>;
export const trackedEmailSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  template: z.string(),
  language: z.string(),
  /** Masked: a***@example.com. */
  recipient: z.string(),
  subject: z.string(),
  status: emailStatusSchema,
  sentAt: z.string().nullable(),
  /** Delivery attempts so far (the first send included). */
  attempts: z.number().int(),
  /** The last delivery error, addresses masked; null once sent. */
  error: z.string().nullable(),
});
export type TrackedEmail = z.infer<typeof trackedEmailSchema>;
export const emailTrackingPageSchema = z.object({
  items: z.array(trackedEmailSchema),
  nextCursor: z.string().nullable(),
});
export type EmailTrackingPage = z.infer<typeof emailTrackingPageSchema>;

/** Email templates: stored per key and language, defaults shipped in the server. */
/** The emails the platform sends (the tracking page filters by these). */
export const mailTemplateKeySchema = z.enum([
  'verify_email',
  'reset_password',
  'delete_account',
  'notification',
  'weekly_summary',
  'security_event',
]);
export type MailTemplateKey = z.infer<typeof mailTemplateKeySchema>;
/** A notification type's title and text (issue 14: editable like the emails), `notice_<type>`. */
export type NoticeTemplateKey = `notice_${NotificationType}`;
export const noticeTemplateKeys = notificationTypes.map((type) => `notice_${type}` as const) as [
  NoticeTemplateKey,
  ...NoticeTemplateKey[],
];
/** Every text an admin may edit: the emails, and each notification's title and text. */
export const emailTemplateKeySchema = z.enum([...mailTemplateKeySchema.options, ...noticeTemplateKeys]);
export type EmailTemplateKey = z.infer<typeof emailTemplateKeySchema>;
export const emailTemplateLanguageSchema = z.enum(['it', 'en']);
export const emailTemplateParamsSchema = z.object({
  key: emailTemplateKeySchema,
  lang: emailTemplateLanguageSchema,
});
export const emailTemplateSchema = z.object({
  key: emailTemplateKeySchema,
  language: emailTemplateLanguageSchema,
  subject: z.string(),
  body: z.string(),
  /** The placeholders this template may use, e.g. `name`, `link`. */
  placeholders: z.array(z.string()),
  isCustomized: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export const emailTemplateListSchema = z.object({ items: z.array(emailTemplateSchema) });

/** PUT /api/admin/email-templates/{key}/{lang}; POST …/preview takes the same body. */
export const emailTemplateBodySchema = z.strictObject({
  subject: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(10_000),
});
export type EmailTemplateBody = z.infer<typeof emailTemplateBodySchema>;
export const emailPreviewSchema = z.object({ subject: z.string(), text: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;
