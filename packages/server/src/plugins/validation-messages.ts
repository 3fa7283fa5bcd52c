import type { Language } from '@giro/contract/errors';

/**
 * Localizes one schema issue into a sentence for the `details` of a 400 answer. Zod's own
 * texts are English only; these cover the rules our schemas use.
 */
type Issue = {
  code?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  keys?: string[];
  expected?: string;
  format?: string;
};

const texts = {
  en: {
    required: 'This field is required.',
    tooShort: (n: string) => `Must be at least ${n} characters.`,
    tooLong: (n: string) => `Must be at most ${n} characters.`,
    tooSmall: (n: string) => `Must be at least ${n}.`,
    tooBig: (n: string) => `Must be at most ${n}.`,
    unknown: (keys: string) => `Unknown field: ${keys}.`,
    type: (t: string) => `Must be of type ${t}.`,
    format: 'The format is not valid.',
    choice: 'Not one of the allowed values.',
    invalid: 'The value is not valid.',
  },
  it: {
    required: 'Campo obbligatorio.',
    tooShort: (n: string) => `Deve avere almeno ${n} caratteri.`,
    tooLong: (n: string) => `Può avere al massimo ${n} caratteri.`,
    tooSmall: (n: string) => `Deve essere almeno ${n}.`,
    tooBig: (n: string) => `Può essere al massimo ${n}.`,
    unknown: (keys: string) => `Campo sconosciuto: ${keys}.`,
    type: (t: string) => `Deve essere di tipo ${t}.`,
    format: 'Il formato non è valido.',
    choice: 'Non è uno dei valori ammessi.',
    invalid: 'Il valore non è valido.',
  },
} as const;

export function describeIssue(issue: Issue, language: Language, isMissing: boolean): string {
  const t = texts[language];
  if (isMissing) return t.required;
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? t.tooShort(String(issue.minimum))
        : t.tooSmall(String(issue.minimum));
    case 'too_big':
      return issue.origin === 'string' ? t.tooLong(String(issue.maximum)) : t.tooBig(String(issue.maximum));
    case 'unrecognized_keys':
      return t.unknown((issue.keys ?? []).join(', '));
    case 'invalid_type':
      return t.type(issue.expected ?? '?');
    case 'invalid_format':
      return t.format;
    case 'invalid_value':
      return t.choice;
    default:
      return t.invalid;
  }
}
