import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '@giro/domain/account';
import { ORGANIZATION_NAME_MAX, ORGANIZATION_NAME_MIN, organizationTypes } from '@giro/domain/organization';
import { z } from 'zod';

/**
 * The forms' own schemas: the same bounds as the contract, with messages that are i18n keys
 * (the form shows them translated). The server checks everything again.
 */
const required = z.string().trim().min(1, 'validation.required');

export const registerFormSchema = z
  .object({
    mode: z.enum(['create', 'join']),
    organizationName: z.string().trim(),
    organizationType: z.enum(organizationTypes),
    inviteCode: z.string().trim(),
    username: z.string().trim().regex(USERNAME_PATTERN, 'validation.username'),
    email: z.string().trim().pipe(z.email('validation.email')),
    password: z
      .string()
      .min(PASSWORD_MIN, 'validation.passwordLength')
      .max(PASSWORD_MAX, 'validation.passwordLength'),
    firstName: required,
    lastName: required,
    acceptTerms: z.boolean().refine((value) => value, 'validation.terms'),
  })
  .superRefine((form, ctx) => {
    if (
      form.mode === 'create' &&
      (form.organizationName.length < ORGANIZATION_NAME_MIN ||
        form.organizationName.length > ORGANIZATION_NAME_MAX)
    ) {
      ctx.addIssue({ code: 'custom', path: ['organizationName'], message: 'validation.organizationName' });
    }
    if (form.mode === 'join' && form.inviteCode.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['inviteCode'], message: 'validation.inviteCode' });
    }
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;
