import { z } from 'zod';

/** Italian is the default, English the fallback (SPEC §1). */
export const languages = ['it', 'en'] as const;
export const defaultLanguage = 'it';
export const languageSchema = z.enum(languages);
export type LanguagePreference = z.infer<typeof languageSchema>;
