/** Italian's "a" before a word: "ad" before one that begins with an a ("ad Anna", never "a Anna"). */
export const withItalianA = (value: string): string => `${/^a/i.test(value) ? 'ad' : 'a'} ${value}`;

/** The articles, bare or joined to a preposition, that Italian elides before a vowel: "il" → "l'", "dal" → "dall'". */
export const ITALIAN_ARTICLES = ['il', 'al', 'dal', 'del', 'nel'] as const;

/**
 * An Italian article before a date or a number: "il 21 dicembre" but "l'8 dicembre", "dall'11",
 * "dell'1", "l'80" (a number said with a vowel: uno, otto…, ottanta…, undici, undicimila; not
 * "il 1.500", mille…), capital kept ("L'8"). Before anything else the article stays as written,
 * so a name or a date in another form reads as before.
 */
export function withItalianArticle(article: string, value: string): string {
  if (!/^(8|11(?!\d)|1(?![\d.]))/.test(value)) return `${article} ${value}`;
  if (/^il$/i.test(article)) return `${article[0] === 'I' ? 'L' : 'l'}'${value}`;
  return `${article}l'${value}`;
}
