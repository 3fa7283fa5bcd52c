import type {
  EmailPreview,
  EmailTemplate,
  EmailTemplateBody,
  EmailTemplateKey,
} from '@giro/contract/admin-monitoring';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

export const templatesKey = ['/api/admin/email-templates'] as const;
const url = (key: EmailTemplateKey, language: string) => `/api/admin/email-templates/${key}/${language}`;
export type TemplateRef = { key: EmailTemplateKey; language: 'it' | 'en' };

export function useEmailTemplates() {
  return useQuery({
    queryKey: templatesKey,
    queryFn: () => apiRequest<{ items: EmailTemplate[] }>('GET', '/api/admin/email-templates'),
  });
}

/** Save (PUT) or reset to the default (DELETE); either way the list is read again. */
export function useTemplateChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: TemplateRef & { body: EmailTemplateBody | null }) =>
      change.body
        ? apiRequest<EmailTemplate>('PUT', url(change.key, change.language), change.body)
        : apiRequest<EmailTemplate>('DELETE', url(change.key, change.language)),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useTemplatePreview() {
  return useMutation({
    mutationFn: (input: TemplateRef & { body: EmailTemplateBody }) =>
      apiRequest<EmailPreview>('POST', `${url(input.key, input.language)}/preview`, input.body),
  });
}
