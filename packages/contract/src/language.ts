import { z } from 'zod';

/** Italian is the default, English the fallback (SPEC §1). */
export const languages = ['it', 'en'] as const;
export const defaultLanguage = 'it';
export const languageSchema = z.enum(languages);
export type LanguagePreference = z.infer<typeof languageSchema>;

/**
 * The language to address a member in where they have not picked one (mail, notifications):
 * the default. Their screens follow their browser meanwhile (web/src/lib/i18n.ts).
 */
export const languageOrDefault = (preference: string | null): LanguagePreference =>
  preference === 'en' || preference === 'it' ? preference : defaultLanguage;
