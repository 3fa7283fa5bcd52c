import { AppError } from '../errors';

/**
 * Checks an admin's template text before it is stored: every placeholder is `{{name}}` with a
 * name this template is given, no `{{` or `}}` is left unpaired, and the body keeps its link.
 * A refusal is 422 with the field and, for an unknown placeholder, its name.
 */
export function checkTemplate(fields: { subject: string; body: string }, allowed: readonly string[]): void {
  for (const field of ['subject', 'body'] as const) {
    const text = fields[field];
    const placeholders = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
    const rest = text.replace(/\{\{\w+\}\}/g, '');
    if (rest.includes('{{') || rest.includes('}}')) {
      const broken = /\{\{[^}]{0,40}(\}\})?|\}\}/.exec(rest)?.[0] ?? '';
      throw new AppError('EMAIL_TEMPLATE_INVALID', { field, near: broken });
    }
    const unknown = placeholders.find((name) => !allowed.includes(name));
    if (unknown)
      throw new AppError('EMAIL_TEMPLATE_UNKNOWN_PLACEHOLDER', { field, placeholder: unknown, allowed });
  }
  if (allowed.includes('link') && !fields.body.includes('{{link}}'))
    throw new AppError('EMAIL_TEMPLATE_LINK_REQUIRED', { field: 'body' });
}
